package dev.trackgen.pipeline;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.pipeline.heightfield.HeightfieldKernel;
import java.util.Objects;

/**
 * Bakes a terrain height grid per env around the road of a {@link Track} (docs/elevation.md,
 * "Heightfield"): the banked road surface at its heights, a level shoulder, a smooth fall to a
 * floor. A separate baker beside the pipeline, like the course's SDF bake: nothing is allocated or
 * launched unless one is built, so the track pipeline pays nothing for it. One launch of
 * {@code tg_heightfield} (Java and CUDA C bodies, one thread per env) over the batch, on the
 * track's runtime; {@link #plan()} can be captured with the generator's launches, and
 * {@link #bake()} allocates nothing.
 *
 * <p>Memory: {@code 8 R^2 + 12} bytes per env (heights, the squared-distance scratch, bounds),
 * 131 KB at the default {@code R = 128}.
 */
public final class HeightfieldBaker {
    private final Track track;
    private final Heightfield grid;
    private final LaunchPlan plan;

    /**
     * Allocates the grids on the track's runtime and binds the launch.
     *
     * @param track   the batch whose roads are baked (its arrays are read at every bake)
     * @param options the knobs
     * @throws NullPointerException if either is null
     * @throws ArithmeticException  if {@code E * R^2} overflows an int
     * @throws UnsupportedOperationException if the track's runtime cannot run {@code tg_heightfield}
     */
    public HeightfieldBaker(Track track, HeightfieldOptions options) {
        this.track = Objects.requireNonNull(track, "track");
        Objects.requireNonNull(options, "options");
        ComputeRuntime rt = track.runtime();
        // loads the kernel's module now (on CUDA), so that the plan can be captured later
        if (!rt.supports(HeightfieldKernel.INSTANCE)) {
            throw new UnsupportedOperationException("runtime " + rt.name() + " has no tg_heightfield body");
        }
        int e = track.numEnvs();
        int r = options.resolution();
        int cells = Math.multiplyExact(e, Math.multiplyExact(r, r));
        F32Array bounds = rt.allocF32(Math.multiplyExact(3, e));
        F32Array dist = rt.allocF32(cells);
        F32Array height = rt.allocF32(cells);
        this.grid = new Heightfield(r, bounds, height);
        this.plan = LaunchPlan.builder().launch(e, HeightfieldKernel.INSTANCE.args()
                .center(track.center()).normal(track.normal()).left(track.leftHalfWidth())
                .right(track.rightHalfWidth()).outer(track.outer()).centerZ(track.centerZ())
                .outerZ(track.outerZ()).innerZ(track.innerZ()).count(track.count()).valid(track.valid())
                .nMax(track.nMax()).res(r).padding(options.padding()).shoulder(options.shoulder())
                .falloff(options.falloff()).drop(options.drop()).bounds(bounds).dist(dist).height(height)).build();
    }

    /** @return the bake's launch, for capture into a graph with the generator's own */
    public LaunchPlan plan() {
        return plan;
    }

    /**
     * Bakes the track's current batch (enqueued on its runtime under its execution lock; no
     * allocation, no read-back).
     *
     * @return the grids, the same instance every call
     */
    public Heightfield bake() {
        plan.enqueueLocked(track.runtime());
        return grid;
    }

    /**
     * Bakes one track held in host arrays (the exports' path: one env, {@code nMax = n}, valid),
     * with the kernel's Java body.
     *
     * @param center  centerline pairs {@code [2 n]}
     * @param normal  unit left normals {@code [2 n]}
     * @param left    half-widths on the {@code +normal} side {@code [n]}
     * @param right   half-widths on the {@code -normal} side {@code [n]}
     * @param centerZ centerline heights {@code [n]}
     * @param leftZ   heights of the {@code +normal} border {@code [n]}
     * @param rightZ  heights of the {@code -normal} border {@code [n]}
     * @param options the knobs
     * @return the grid: {@code bounds [3]}, {@code height [R*R]} row-major
     * @throws IllegalArgumentException if the arrays' lengths disagree or {@code n < 3}
     */
    public static HostGrid bakeOne(float[] center, float[] normal, float[] left, float[] right, float[] centerZ,
                                   float[] leftZ, float[] rightZ, HeightfieldOptions options) {
        int n = centerZ.length;
        if (n < 3 || center.length != 2 * n || normal.length != 2 * n || left.length != n || right.length != n
                || leftZ.length != n || rightZ.length != n) {
            throw new IllegalArgumentException("bakeOne needs n >= 3 points and arrays of [2 n] pairs / [n] values, got n = " + n);
        }
        // the +normal border stands in for "outer", so leftZ is read on the +normal side
        float[] outer = new float[2 * n];
        for (int i = 0; i < n; i++) {
            outer[2 * i] = center[2 * i] + normal[2 * i] * Math.max(left[i], 1e-6f);
            outer[2 * i + 1] = center[2 * i + 1] + normal[2 * i + 1] * Math.max(left[i], 1e-6f);
        }
        int r = options.resolution();
        float[] bounds = new float[3];
        float[] height = new float[r * r];
        HeightfieldKernel.bake(center, normal, left, right, outer, centerZ, leftZ, rightZ, new int[] {n}, new int[] {1},
                n, r, options.padding(), options.shoulder(), options.falloff(), options.drop(), bounds,
                new float[r * r], height, 0, 1);
        return new HostGrid(r, bounds[0], bounds[1], bounds[2], height);
    }

    /**
     * One env's grid on the host.
     *
     * @param resolution cells per side {@code R}
     * @param originX    x of cell 0's corner, world units
     * @param originY    y of cell 0's corner, world units
     * @param cell       square cell size, world units
     * @param height     {@code [R*R]} heights at cell centers, row-major ({@code y * R + x}), world units
     */
    public record HostGrid(int resolution, float originX, float originY, float cell, float[] height) {
        /** @return the lowest height */
        public float minHeight() {
            float v = Float.POSITIVE_INFINITY;
            for (float h : height) {
                v = Math.min(v, h);
            }
            return v;
        }

        /** @return the highest height */
        public float maxHeight() {
            float v = Float.NEGATIVE_INFINITY;
            for (float h : height) {
                v = Math.max(v, h);
            }
            return v;
        }
    }

    /** @return the grids (as of the last bake) */
    public Heightfield grid() {
        return grid;
    }
}
