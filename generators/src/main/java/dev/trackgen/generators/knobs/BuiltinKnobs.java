package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The ordered list of every knob a configuration knows with all built-in generators declared:
 * the pipeline's ({@link PipelineKnobs#all()}), then each built-in generator's own, in the order
 * the generators are provided (bezier, hull, polar, voronoi, checkpoint, circuit, repulsive), a
 * shared knob where it first appears. It is the documentation order of {@code trackgen knobs}
 * and of the configuration recorded in an archive.
 */
public final class BuiltinKnobs {
    private static final List<Knob<?>> ALL;

    static {
        Set<Knob<?>> all = new LinkedHashSet<>(PipelineKnobs.all());
        all.addAll(BezierKnobs.all());
        all.addAll(HullKnobs.all());
        all.addAll(PolarKnobs.all());
        all.addAll(VoronoiKnobs.all());
        all.addAll(CheckpointKnobs.all());
        all.addAll(CircuitKnobs.all());
        all.addAll(RepulsiveKnobs.all());
        ALL = List.copyOf(new ArrayList<>(all));
    }

    private BuiltinKnobs() {
    }

    /** @return every built-in knob, in documentation order */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
