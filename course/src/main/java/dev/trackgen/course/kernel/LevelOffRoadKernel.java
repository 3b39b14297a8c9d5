package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;

/**
 * Makes the off-road verdict level-aware near bridge crossings, one thread per agent
 * ({@code dim = E * A}), every step on bridge courses after the localizer and the plan-view
 * off-road check (docs/elevation.md, "Bridges").
 *
 * <p>{@code tg_course_offroad_level(count, nMax, agents, footprint, segment, onRoad, border,
 * offRoad)}: for agent {@code t} of env {@code e = t / agents} whose localizer segment
 * {@code i = segment[t]} is a segment of the env ({@code 0 <= i < count[e]}, {@code count[e] >= 3})
 * and whose box was checked ({@code border[t] >= 0}): when {@code footprint[i]} or
 * {@code footprint[i + 1]} (the next point, cyclically) is set ({@link CrossingFootprintKernel}),
 * {@code offRoad[t] = onRoad[t] != 0 ? 0 : 1}, the localizer's on-road test on the branch it
 * follows replacing the plan-view verdict, which counts both levels as road there; everywhere
 * else {@code offRoad[t]} is left as the plan-view check wrote it.
 *
 * <p>Shapes: {@code count: [E]}, {@code footprint: [E*nMax]},
 * {@code segment, onRoad, border, offRoad: [E*A]}.
 */
public final class LevelOffRoadKernel extends LevelOffRoadKernelBase {
    /** The kernel instance. */
    public static final LevelOffRoadKernel INSTANCE = new LevelOffRoadKernel();

    private LevelOffRoadKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX)
    interface Signature {
        void tg_course_offroad_level(@In I32Array count, int nMax, int agents, @In I32Array footprint,
                                     @In I32Array segment, @In I32Array onRoad, @In I32Array border,
                                     @InOut I32Array offRoad);
    }

    @Override
    protected void run(int begin, int end, int[] count, int nMax, int agents, int[] footprint, int[] segment,
                       int[] onRoad, int[] border, int[] offRoad) {
        for (int t = begin; t < end; t++) {
            int e = t / agents;
            int cn = count[e];
            int i = segment[t];
            if (cn < 3 || cn > nMax || i < 0 || i >= cn || border[t] < 0) {
                continue;
            }
            int j = i + 1 == cn ? 0 : i + 1;
            if (footprint[e * nMax + i] != 0 || footprint[e * nMax + j] != 0) {
                offRoad[t] = onRoad[t] != 0 ? 0 : 1;
            }
        }
    }
}
