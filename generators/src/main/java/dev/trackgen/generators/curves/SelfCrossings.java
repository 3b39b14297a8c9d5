package dev.trackgen.generators.curves;

import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Which loops of a batch cross themselves, for the generators with a polygon fallback: the flags
 * a curve pass leaves for the straight-polygon pass that replaces the crossing envs' rows
 * ({@link SelfIntersectionsKernel}, stopping at the first crossing), over buffers allocated once.
 *
 * <p>Shapes: loops {@code [E * n]} pairs with {@code [E]} real-point counts; flags {@code [E]}
 * (1 for a loop that crosses itself, else 0); per-env box scratch.
 */
public final class SelfCrossings {
    private final int envs;
    private final int n;
    private final I32Array flags;
    private final F32Array boxes;

    /**
     * @param runtime the runtime to allocate on
     * @param envs    batch size {@code E}
     * @param n       points per loop (the row stride)
     */
    public SelfCrossings(ComputeRuntime runtime, int envs, int n) {
        this.envs = envs;
        this.n = n;
        this.flags = runtime.allocI32(envs);
        this.boxes = runtime.allocF32(envs * Crossings.boxFloats(n));
    }

    /**
     * @param loops  {@code [E * n]} closed loops
     * @param counts {@code [E]} real points of each loop
     * @return the launch that sets {@link #flags()} from the loops, to
     *         {@link LaunchPlan.Builder#append} into a generator's plan
     */
    public LaunchPlan plan(Vec2Array loops, I32Array counts) {
        return LaunchPlan.builder().launch(envs, SelfIntersectionsKernel.INSTANCE.args().poly(loops).stride(n)
                .count(counts).boxes(boxes).maxCount(1).out(flags)).build();
    }

    /** @return {@code [E]}: after a plan ran, 1 for every loop that crosses itself, else 0 */
    public I32Array flags() {
        return flags;
    }
}
