package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.BezierKnobs;
import dev.trackgen.api.config.BuiltinKnobs;
import dev.trackgen.api.config.CheckpointKnobs;
import dev.trackgen.api.config.CircuitKnobs;
import dev.trackgen.api.config.HullKnobs;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.PolarKnobs;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.RepulsiveKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.config.VoronoiKnobs;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The knobs the explorer page shows, from the knob registry: the pipeline's (batch, road, validity
 * gate), the relaxation's, and each registered generator's (a plugin's own {@code knobs()}; for a
 * built-in generator the built-in knobs its kernels read). The page builds one control per knob
 * from this description.
 */
public final class KnobCatalog {
    /** Knobs with a control of their own on the page (generator choice, batch size) or none (runtime). */
    static final Set<String> DEDICATED = Set.of(PipelineKnobs.GENERATOR.name(), PipelineKnobs.RUNTIME.name(),
            PipelineKnobs.NUM_ENVS.name());

    private static final List<Knob<?>> PIPELINE = List.of(PipelineKnobs.HALF_WIDTH, PipelineKnobs.SPACING,
            PipelineKnobs.NUM_POINTS, PipelineKnobs.N_MAX, PipelineKnobs.RELAX_ENABLE, PipelineKnobs.RELAX_TOL,
            PipelineKnobs.TURNING_TOL, PipelineKnobs.W_FLOOR);

    /** The built-in knobs each built-in generator reads (bezier's corner and curve knobs are shared). */
    private static final Map<String, List<Knob<?>>> BUILTIN_GENERATOR_KNOBS = Map.of(
            "bezier", List.of(BezierKnobs.MIN_NUM_POINTS, BezierKnobs.MAX_NUM_POINTS, BezierKnobs.NUM_POINTS_PER_SEGMENT,
                    BezierKnobs.MIN_POINT_DISTANCE, BezierKnobs.RAD, BezierKnobs.EDGY, BezierKnobs.SCALE,
                    BezierKnobs.HANDLE_CLAMP_FRAC, BezierKnobs.STYLE_SAMPLING, BezierKnobs.RAD_RANGE,
                    BezierKnobs.SCALE_RANGE, BezierKnobs.HANDLE_CLAMP_FRAC_RANGE),
            "hull", List.of(HullKnobs.DISPLACEMENT, BezierKnobs.MIN_NUM_POINTS, BezierKnobs.MAX_NUM_POINTS,
                    BezierKnobs.MIN_POINT_DISTANCE, BezierKnobs.SCALE, BezierKnobs.NUM_POINTS_PER_SEGMENT),
            "polar", List.of(PolarKnobs.NUM_KNOTS, PolarKnobs.RADIAL_JITTER, PolarKnobs.ANGULAR_JITTER,
                    BezierKnobs.SCALE, BezierKnobs.NUM_POINTS_PER_SEGMENT),
            "voronoi", List.of(VoronoiKnobs.NUM_SITES, VoronoiKnobs.SITE_LAYOUT, VoronoiKnobs.CONTROL_POINTS,
                    VoronoiKnobs.RADIAL_VARIATION, VoronoiKnobs.ANGULAR_JITTER, BezierKnobs.SCALE,
                    BezierKnobs.NUM_POINTS_PER_SEGMENT),
            "checkpoint", List.of(CheckpointKnobs.COUNT, CheckpointKnobs.RADIUS_MIN_FRAC, CheckpointKnobs.ANGLE_JITTER,
                    CheckpointKnobs.TURN_RATE, CheckpointKnobs.STEER_GAIN, CheckpointKnobs.LOOKAHEAD_FRAC,
                    CheckpointKnobs.BEST_OF_K, CheckpointKnobs.CLIP_FALLBACK, BezierKnobs.SCALE),
            "repulsive", List.of(RepulsiveKnobs.GROW_MULT_MIN, RepulsiveKnobs.GROW_MULT_MAX, RepulsiveKnobs.DOMAIN_FRAC,
                    RepulsiveKnobs.DOMAIN_INIT_RATIO, RepulsiveKnobs.OBSTACLE_COUNT_MIN,
                    RepulsiveKnobs.OBSTACLE_COUNT_MAX, RepulsiveKnobs.OBSTACLE_RADIUS_MIN_FRAC,
                    RepulsiveKnobs.OBSTACLE_RADIUS_MAX_FRAC, RepulsiveKnobs.RATCHET_RATE, RepulsiveKnobs.ALPHA,
                    RepulsiveKnobs.BETA, RepulsiveKnobs.TAU, RepulsiveKnobs.W_LEN, RepulsiveKnobs.STAGES,
                    RepulsiveKnobs.SETTLE_ITERS, RepulsiveKnobs.RESAMPLE_EVERY, RepulsiveKnobs.STALL_WINDOW,
                    RepulsiveKnobs.STALL_AREA_TOL, RepulsiveKnobs.DEACTIVATE_OBSTACLES, BezierKnobs.SCALE),
            "circuit", List.of(CircuitKnobs.LENGTH, CircuitKnobs.LENGTH_SPREAD, CircuitKnobs.CORNERS,
                    CircuitKnobs.RADIUS_MIN, CircuitKnobs.RADIUS_MAX, CircuitKnobs.STRAIGHT_SHARE,
                    CircuitKnobs.CHICANE_PROB, CircuitKnobs.BEST_OF_K));

    private final GeneratorRegistry generators;

    /** @param generators the registered generators, plugins included */
    public KnobCatalog(GeneratorRegistry generators) {
        this.generators = generators;
    }

    /** @return the pipeline knobs shown for every generator: road, resampling and validity gate */
    public static List<Knob<?>> pipelineKnobs() {
        return PIPELINE;
    }

    /** @return the relaxation knobs shown for every generator, in documentation order */
    public static List<Knob<?>> relaxKnobs() {
        List<Knob<?>> out = new ArrayList<>();
        for (Knob<?> k : BuiltinKnobs.all()) {
            if (k.name().startsWith("relax_") && !PIPELINE.contains(k)) {
                out.add(k);
            }
        }
        return out;
    }

    /**
     * @param entry a registered generator
     * @return the knobs shown for it: the built-in knobs a built-in generator reads, then its own plugin knobs
     */
    public static List<Knob<?>> generatorKnobs(GeneratorEntry entry) {
        Set<Knob<?>> out = new LinkedHashSet<>(BUILTIN_GENERATOR_KNOBS.getOrDefault(entry.name(), List.of()));
        out.addAll(entry.generator().knobs());
        return List.copyOf(out);
    }

    /**
     * @param base the configuration the page starts from (its values fill the controls)
     * @param defaults generator, batch size and seed the page starts with
     * @param limits the server's limits (the page's batch-size control stops at the cap)
     * @return {@code {generators: [...], defaults: {...}, limits: {...}, groups: {pipeline: [...],
     *         relaxation: [...]}, generatorKnobs: {name: [...]}}}, each knob as {@link #describe}
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
        ObjectNode groups = root.putObject("groups");
        ArrayNode pipeline = groups.putArray("pipeline");
        for (Knob<?> k : PIPELINE) {
            pipeline.add(describe(k, base));
        }
        ArrayNode relax = groups.putArray("relaxation");
        for (Knob<?> k : relaxKnobs()) {
            relax.add(describe(k, base));
        }
        root.set("generatorKnobs", perGenerator);
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
