package dev.trackgen.course.raceline;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.kernel.RacelineWidthsKernel;

/**
 * The per-point half-widths the solver is bound to ({@code [E * N_max]}, world units, NaN past
 * {@code count[e]}): left along the normal, right against it, and the launches that refresh them.
 */
record HalfWidths(F32Array left, F32Array right, LaunchPlan fill) {

    /**
     * Arrays of the solver's own, filled with one constant half-width for every real point (the
     * stand-in for a track without per-point widths).
     */
    static HalfWidths constant(Track track, double halfWidth) {
        int points = track.numEnvs() * track.nMax();
        F32Array left = track.runtime().allocF32(points);
        F32Array right = track.runtime().allocF32(points);
        LaunchPlan fill = LaunchPlan.builder().launch(points, RacelineWidthsKernel.INSTANCE.args().count(track.count())
                .nMax(track.nMax()).halfWidth((float) halfWidth).left(left).right(right)).build();
        return new HalfWidths(left, right, fill);
    }
}
