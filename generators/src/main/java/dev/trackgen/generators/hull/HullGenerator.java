package dev.trackgen.generators.hull;

import dev.trackgen.api.config.BezierKnobs;
import dev.trackgen.api.config.HullKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.generator.PlannedScratch;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;
import dev.trackgen.generators.corners.CornerSampleKernel;
import dev.trackgen.generators.corners.CornerSortKernel;
import dev.trackgen.generators.curves.LoopDenseKernel;

import java.util.Arrays;
import java.util.List;

/**
 * The {@code hull} generator: grid-jittered corners (the bezier corner sampler, on hull's own RNG
 * streams) sorted by angle about their centroid, each edge interleaved with its midpoint displaced
 * radially by up to {@code hull_displacement} of its distance to the centroid (lobes outward,
 * pinches inward), and the augmented loop of {@code 2m} points smoothed by a closed
 * Catmull-Rom spline. A spline that crosses itself falls back to the straight augmented polygon,
 * which the relaxation rounds.
 *
 * <p>Two deliberate departures from the original make the family robust (its own yield, 0.992 at
 * E = 4096, came from near-cusps): the spline is the <em>centripetal</em> Catmull-Rom (same control
 * points, knot steps {@code |dP|^(1/2)}), which never loops or cusps inside a segment, instead of
 * the uniform one, and a displacement is also bounded by {@link #EDGE_CAP} times its edge length.
 * Knobs: {@link HullKnobs#DISPLACEMENT} and the corner knobs of
 * {@link BezierKnobs} ({@code min_num_points}, {@code max_num_points}, {@code min_point_distance},
 * {@code scale}, {@code num_points_per_segment}). After the original implementation's
 * docs/generators/hull.rst.
 *
 * <p>Launch sequence per call: corner sample, corner sort, midpoint displacement, Catmull-Rom
 * samples ({@code 2 * max_num_points * num_points_per_segment} per env), arc-length resample to
 * {@code num_points}, self-intersection flags, straight-polygon samples and resample for the
 * crossing envs only, flags. Fixed and allocation-free: capturable.
 */
public final class HullGenerator implements CenterlineGenerator {
    /**
     * Largest midpoint displacement as a fraction of its edge's length. Not in the original,
     * which bounds it by the centroid distance only: on short edges that makes needle spikes, and
     * with them most of the self-crossing splines and thin inlets that relaxation cannot open.
     * Measured at the default config, E = 4096, seeds 10000..14095: yield 0.9949 without the
     * bound and with the uniform spline, 0.9978 with both changes; compactness unchanged.
     */
    public static final float EDGE_CAP = 0.3f;

    private static final List<Kernel> KERNELS = List.of(CornerSampleKernel.INSTANCE, CornerSortKernel.INSTANCE,
            HullDisplaceKernel.INSTANCE, LoopDenseKernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
            ArcResampleLookupKernel.INSTANCE, SelfIntersectionsKernel.INSTANCE, FillI32Kernel.INSTANCE);

    @Override
    public String name() {
        return "hull";
    }

    @Override
    public String description() {
        return "angle-sorted corners with radially displaced edge midpoints, closed Catmull-Rom; polygon fallback";
    }

    @Override
    public List<Kernel> kernels() {
        return KERNELS;
    }

    @Override
    public GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
        return new Scratch(runtime, config);
    }

    @Override
    public void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                         I32Array outValid, GeneratorScratch scratch) {
        ((Scratch) scratch).planFor(seeds, outCenterline, outValid).enqueue(runtime);
    }

    /** Buffers sized once from the configuration, and the launch plan bound to the caller's arrays. */
    private static final class Scratch extends PlannedScratch {
        private final TrackGenConfig config;
        private final int envs;
        private final int p;
        private final int npseg;
        private final int n;
        private final F32Array scale;
        private final I32Array used;
        private final I32Array count;
        private final Vec2Array corners;
        private final Vec2Array sorted;
        private final F32Array keys;
        private final Vec2Array aug;
        private final I32Array augCount;
        private final Vec2Array dense;
        private final I32Array crossers;
        private final Vec2Array arcReal;
        private final F32Array arcSeg;
        private final F32Array arcS;
        private final I32Array arcCountReal;
        private final I32Array arcCountOut;
        private final F32Array boxes;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            this.config = config;
            this.envs = config.numEnvs();
            this.p = config.get(BezierKnobs.MAX_NUM_POINTS);
            this.npseg = config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            this.n = config.numPoints();
            int m = 2 * p * npseg;
            scale = rt.allocF32(envs);
            float[] s = new float[envs];
            Arrays.fill(s, (float) (double) config.get(BezierKnobs.SCALE));
            rt.upload(s, scale);
            used = rt.allocI32(envs * p);
            count = rt.allocI32(envs);
            corners = rt.allocVec2(envs * p);
            sorted = rt.allocVec2(envs * p);
            keys = rt.allocF32(envs * p);
            aug = rt.allocVec2(envs * 2 * p);
            augCount = rt.allocI32(envs);
            dense = rt.allocVec2(envs * m);
            crossers = rt.allocI32(envs);
            arcReal = rt.allocVec2(envs * m);
            arcSeg = rt.allocF32(envs * m);
            arcS = rt.allocF32(envs * (m + 1));
            arcCountReal = rt.allocI32(envs);
            arcCountOut = rt.allocI32(envs);
            boxes = rt.allocF32(envs * Crossings.boxFloats(n));
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            int ap = 2 * p;
            int m = ap * npseg;
            double mpd = config.get(BezierKnobs.MIN_POINT_DISTANCE);
            int numCells = Math.max(1, (int) (1.0 / (mpd * 2.0)));
            float disp = (float) (double) config.get(HullKnobs.DISPLACEMENT);
            return LaunchPlan.builder()
                    .launch(CornerSampleKernel.INSTANCE, envs, CornerSampleKernel.INSTANCE.args().seeds(seeds)
                            .countStream(GeneratorKernels.STREAM_HULL_CORNER_COUNT)
                            .cornerStream(GeneratorKernels.STREAM_HULL_CORNERS)
                            .minNum(config.get(BezierKnobs.MIN_NUM_POINTS)).maxNum(p).numCells(numCells)
                            .cellSize((float) (mpd * 2.0)).P(p).scale(scale).used(used).count(count).corners(corners))
                    .launch(CornerSortKernel.INSTANCE, envs, CornerSortKernel.INSTANCE.args().corners(corners).P(p)
                            .count(count).keys(keys).out(sorted))
                    .launch(HullDisplaceKernel.INSTANCE, envs, HullDisplaceKernel.INSTANCE.args().sorted(sorted)
                            .count(count).seeds(seeds).P(p).disp(disp).edgeCap(EDGE_CAP).aug(aug).augCount(augCount))
                    .launch(LoopDenseKernel.INSTANCE, envs * m, LoopDenseKernel.INSTANCE.args().ctrl(aug).stride(ap)
                            .count(augCount).npseg(npseg).withEnd(1).polygon(0).active(crossers).centripetal(1)
                            .out(dense))
                    .launch(ArcResampleScanKernel.INSTANCE, envs, dense, m, n, crossers, 0, arcReal, arcSeg, arcS,
                            arcCountReal, arcCountOut)
                    .launch(ArcResampleLookupKernel.INSTANCE, envs * n, arcReal, arcSeg, arcS, arcCountReal, m, n, out)
                    .launch(SelfIntersectionsKernel.INSTANCE, envs, out, n, arcCountOut, boxes, 1, crossers)
                    .launch(LoopDenseKernel.INSTANCE, envs * m, LoopDenseKernel.INSTANCE.args().ctrl(aug).stride(ap)
                            .count(augCount).npseg(npseg).withEnd(1).polygon(1).active(crossers).centripetal(1)
                            .out(dense))
                    .launch(ArcResampleScanKernel.INSTANCE, envs, dense, m, n, crossers, 1, arcReal, arcSeg, arcS,
                            arcCountReal, arcCountOut)
                    .launch(ArcResampleLookupKernel.INSTANCE, envs * n, arcReal, arcSeg, arcS, arcCountReal, m, n, out)
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
