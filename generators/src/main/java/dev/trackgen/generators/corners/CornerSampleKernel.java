package dev.trackgen.generators.corners;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Random corner anchors on a jittered grid, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_corner_sample(seeds, countStream, cornerStream, minNum, maxNum, numCells, cellSize, P,
 * scale, used, count, corners)}: draws {@code count[e]} uniformly in {@code [minNum, maxNum]}, then {@code P} corners:
 * each picks one of {@code numCells^2} grid cells, redrawn up to 8 times while it repeats a cell
 * of an earlier corner, and lands at {@code (cell * cellSize + jitter) * scale[e]} with a jitter
 * uniform in {@code [-0.5, 0.5)} per axis. Only the first {@code count[e]} corners are used
 * downstream. Draws come from the seed's streams {@code countStream} (the count) and
 * {@code cornerStream} (cells and jitter) in a fixed order, so the result depends on (seed, config)
 * only; each generator passes its own stream ids ({@code bezier}:
 * {@link GeneratorKernels#STREAM_CORNER_COUNT}, {@link GeneratorKernels#STREAM_CORNERS}; {@code hull}:
 * {@link GeneratorKernels#STREAM_HULL_CORNER_COUNT}, {@link GeneratorKernels#STREAM_HULL_CORNERS}) so two
 * generators never draw the same corners for one seed.
 *
 * <p>Shapes: {@code seeds, count, scale: [E]}; {@code used: [E*P]} scratch;
 * {@code corners: [E*P]} pairs.
 */
public final class CornerSampleKernel extends CornerSampleKernelBase {
    /** Redraws of a cell that repeats an earlier corner's. */
    @CudaConstant("TG_DEDUP_RETRIES")
    public static final int DEDUP_RETRIES = 8;

    /** The kernel instance. */
    public static final CornerSampleKernel INSTANCE = new CornerSampleKernel();

    private CornerSampleKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_corner_sample(@In I32Array seeds, int countStream, int cornerStream, int minNum, int maxNum,
                int numCells, float cellSize, int P, @In F32Array scale, @Out I32Array used, @Out I32Array count,
                @Out Vec2Array corners);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int countStream, int cornerStream, int minNum, int maxNum,
                       int numCells, float cellSize, int p, float[] scale, int[] used, int[] count, float[] corners) {
        int nc2 = numCells * numCells;
        for (int e = begin; e < end; e++) {
            int seed = seeds[e];
            count[e] = CounterRng.uniformInt(seed, countStream, 0, minNum, maxNum);
            int draw = 0;
            int base = e * p;
            float sc = scale[e];
            for (int c = 0; c < p; c++) {
                int cell = CounterRng.uniformInt(seed, cornerStream, draw++, 0, nc2 - 1);
                for (int retry = 0; retry < DEDUP_RETRIES; retry++) {
                    boolean dup = false;
                    for (int k = 0; k < c; k++) {
                        dup |= used[base + k] == cell;
                    }
                    if (!dup) {
                        break;
                    }
                    cell = CounterRng.uniformInt(seed, cornerStream, draw++, 0, nc2 - 1);
                }
                used[base + c] = cell;
                float jx = CounterRng.uniform(seed, cornerStream, draw++) - 0.5f;
                float jy = CounterRng.uniform(seed, cornerStream, draw++) - 0.5f;
                corners[2 * (base + c)] = ((cell % numCells) * cellSize + jx) * sc;
                corners[2 * (base + c) + 1] = ((cell / numCells) * cellSize + jy) * sc;
            }
        }
    }
}
