package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.Knob;
import dev.trackgen.gates.GateKnobs;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.WidthKnobs;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The knobs the explorer page shows, from the knob registry: the pipeline's (batch, road, validity
 * gate), the relaxation's, and each registered generator's own {@code knobs()} (built-in and
 * plugin generators alike). The page builds one control per knob
 * from this description.
 */
public final class KnobCatalog {
    /** Knobs with a control of their own on the page (generator choice, batch size) or none (runtime). */
    static final Set<String> DEDICATED = Set.of(PipelineKnobs.GENERATOR.name(), PipelineKnobs.RUNTIME.name(),
            PipelineKnobs.NUM_ENVS.name());

    private static final List<Knob<?>> PIPELINE = List.of(PipelineKnobs.HALF_WIDTH, PipelineKnobs.SPACING,
            PipelineKnobs.NUM_POINTS, PipelineKnobs.N_MAX, PipelineKnobs.RELAX_ENABLE, PipelineKnobs.RELAX_TOL,
            PipelineKnobs.TURNING_TOL, PipelineKnobs.W_FLOOR, WidthKnobs.PROFILE, WidthKnobs.HALF_WIDTH_MIN,
            WidthKnobs.HALF_WIDTH_MAX, WidthKnobs.CORNER_RADIUS, WidthKnobs.SMOOTHNESS);

    private final GeneratorRegistry generators;

    /** @param generators the registered generators, plugins included */
    public KnobCatalog(GeneratorRegistry generators) {
        this.generators = generators;
    }

    /** @return the pipeline knobs shown for every generator: road, resampling, validity gate and the width profile */
    public static List<Knob<?>> pipelineKnobs() {
        return PIPELINE;
    }

    /** @return the relaxation knobs shown for every generator, in documentation order */
    public static List<Knob<?>> relaxKnobs() {
        List<Knob<?>> out = new ArrayList<>();
        for (Knob<?> k : PipelineKnobs.all()) {
            if (k.name().startsWith("relax_") && !PIPELINE.contains(k)) {
                out.add(k);
            }
        }
        return out;
    }

    /** @return the elevation and banking knobs shown for every generator, in documentation order */
    public static List<Knob<?>> elevationKnobs() {
        return ElevationKnobs.all();
    }

    /**
     * @param entry a registered generator
     * @return the knobs shown for it: the ones it declares ({@code knobs()}), built-in or plugin alike
     */
    public static List<Knob<?>> generatorKnobs(GeneratorEntry entry) {
        return List.copyOf(new LinkedHashSet<>(entry.generator().knobs()));
    }

    /**
     * @param base the configuration the page starts from (its values fill the controls)
     * @param defaults generator, batch size and seed the page starts with
     * @param limits the server's limits (the page's batch-size control stops at the cap)
     * @return {@code {generators: [...], defaults: {...}, limits: {...}, groups: {pipeline: [...],
     *         relaxation: [...], elevation: [...]}, generatorKnobs: {name: [...]}, gateKnobs: [...]}}, each knob as
     *         {@link #describe} (the gate knobs: name, type, default, value, allowed, description, choices?)
     */
    public ObjectNode schema(TrackGenConfig base, ObjectNode defaults, ExploreLimits limits) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode gens = root.putArray("generators");
        ObjectNode perGenerator = f.objectNode();
        for (GeneratorEntry e : generators.entries()) {
            ObjectNode g = gens.addObject();
            g.put("name", e.name());
            g.put("capturable", e.generator().capturable());
            g.put("source", e.source());
            ArrayNode knobs = perGenerator.putArray(e.name());
            for (Knob<?> k : generatorKnobs(e)) {
                knobs.add(describe(k, base));
            }
        }
        root.set("defaults", defaults);
        ObjectNode lim = root.putObject("limits");
        lim.put("maxEnvs", limits.maxEnvs());
        lim.put("maxShown", limits.maxShown());
        lim.put("maxWork", limits.maxWork());
        lim.put("maxPoints", limits.maxPoints());
        ObjectNode groups = root.putObject("groups");
        ArrayNode pipeline = groups.putArray("pipeline");
        for (Knob<?> k : PIPELINE) {
            pipeline.add(describe(k, base));
        }
        ArrayNode relax = groups.putArray("relaxation");
        for (Knob<?> k : relaxKnobs()) {
            relax.add(describe(k, base));
        }
        ArrayNode elevation = groups.putArray("elevation");
        for (Knob<?> k : elevationKnobs()) {
            elevation.add(describe(k, base));
        }
        root.set("generatorKnobs", perGenerator);
        // the Gates view's knobs (sent in a request's "gates" object, apart from the track knobs)
        ArrayNode gates = root.putArray("gateKnobs");
        for (GateKnobs.GateKnob k : GateKnobs.all()) {
            if (!k.name().equals("seed")) {
                ObjectNode n = gates.addObject();
                n.put("name", k.name());
                n.put("type", k.type());
                n.put("default", k.defaultValue());
                n.put("value", k.defaultValue());
                n.put("allowed", k.allowed());
                n.put("description", k.description());
                if (k.type().equals("choice")) {
                    ArrayNode choices = n.putArray("choices");
                    for (String c : k.allowed().split(" \\| ")) {
                        choices.add(c);
                    }
                }
            }
        }
        return root;
    }

    /**
     * @param knob a knob
     * @param base where the starting value comes from
     * @return {@code {name, type, default, value, allowed, description, nullable, choices?, min?, max?,
     *         minClosed?, maxClosed?}}; values as the text {@code --set} takes, bounds only where finite
     */
    public static ObjectNode describe(Knob<?> knob, TrackGenConfig base) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("name", knob.name());
        n.put("type", knob.typeName());
        n.put("default", knob.format(knob.defaultValue()));
        Object value;
        try {
            value = base.get(knob.name());
        } catch (RuntimeException unknown) {
            value = knob.defaultValue();
        }
        n.put("value", knob.format(value));
        n.put("allowed", knob.allowed());
        n.put("description", knob.description());
        n.put("nullable", knob.nullable());
        if (!knob.choices().isEmpty()) {
            ArrayNode c = n.putArray("choices");
            knob.choices().forEach(c::add);
        }
        Range r = knob.range().orElse(null);
        if (r != null) {
            if (Double.isFinite(r.lo())) {
                n.put("min", r.lo());
                n.put("minClosed", r.loClosed());
            }
            if (Double.isFinite(r.hi())) {
                n.put("max", r.hi());
                n.put("maxClosed", r.hiClosed());
            }
        }
        return n;
    }
}
