package dev.trackgen.generators.polar;

import dev.trackgen.api.config.BezierKnobs;
import dev.trackgen.api.config.PolarKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.generator.PlannedScratch;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.curves.LoopDenseKernel;
import dev.trackgen.generators.curves.NormalizeExtentKernel;

import java.util.List;

/**
 * The {@code polar} generator: {@code polar_num_knots} knots at evenly spaced angles with bounded
 * angular and radial jitter, a closed uniform Catmull-Rom spline through them, an arc-length
 * resample and a bounding-box normalization to {@code 1.44 * scale}. Smooth and centred by
 * construction, it has no local fallback. Knobs: {@link PolarKnobs}, plus {@code scale} and
 * {@code num_points_per_segment}. After the original implementation's docs/generators/polar.rst.
 *
 * <p>Launch sequence per call: knots, knot counts, spline samples
 * ({@code polar_num_knots * num_points_per_segment} per env), arc-length resample to
 * {@code num_points}, normalization, flags. Fixed and allocation-free: capturable.
 */
public final class PolarGenerator implements CenterlineGenerator {

    private static final List<Kernel> KERNELS = List.of(PolarKnotsKernel.INSTANCE, FillI32Kernel.INSTANCE,
            LoopDenseKernel.INSTANCE, ArcResampleScanKernel.INSTANCE, ArcResampleLookupKernel.INSTANCE,
            NormalizeExtentKernel.INSTANCE);

    @Override
    public String name() {
        return "polar";
    }

    @Override
    public String description() {
        return "jittered polar knots joined by a periodic Catmull-Rom spline, normalized; no fallback";
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
        private final int k;
        private final int npseg;
        private final int n;
        private final Vec2Array knots;
        private final I32Array knotCount;
        private final Vec2Array dense;
        private final Vec2Array arcReal;
        private final F32Array arcSeg;
        private final F32Array arcS;
        private final I32Array arcCountReal;
        private final I32Array arcCountOut;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            this.config = config;
            this.envs = config.numEnvs();
            this.k = config.get(PolarKnobs.NUM_KNOTS);
            this.npseg = config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            this.n = config.numPoints();
            int m = k * npseg;
            knots = rt.allocVec2(envs * k);
            knotCount = rt.allocI32(envs);
            dense = rt.allocVec2(envs * m);
            arcReal = rt.allocVec2(envs * m);
            arcSeg = rt.allocF32(envs * m);
            arcS = rt.allocF32(envs * (m + 1));
            arcCountReal = rt.allocI32(envs);
            arcCountOut = rt.allocI32(envs);
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            int m = k * npseg;
            float radial = (float) (double) config.get(PolarKnobs.RADIAL_JITTER);
            float angular = (float) (double) config.get(PolarKnobs.ANGULAR_JITTER);
            float extent = (float) (config.get(BezierKnobs.SCALE) * NormalizeExtentKernel.BEZIER_EXTENT);
            return LaunchPlan.builder()
                    .launch(PolarKnotsKernel.INSTANCE, envs * k, PolarKnotsKernel.INSTANCE.args().seeds(seeds).K(k)
                            .radialJitter(radial).angularJitter(angular).knots(knots))
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(knotCount).value(k))
                    .launch(LoopDenseKernel.INSTANCE, envs * m, LoopDenseKernel.INSTANCE.args().ctrl(knots).stride(k)
                            .count(knotCount).npseg(npseg).withEnd(0).polygon(0).active(knotCount).centripetal(0)
                            .out(dense))
                    .launch(ArcResampleScanKernel.INSTANCE, envs, dense, m, n, knotCount, 0, arcReal, arcSeg, arcS,
                            arcCountReal, arcCountOut)
                    .launch(ArcResampleLookupKernel.INSTANCE, envs * n, arcReal, arcSeg, arcS, arcCountReal, m, n, out)
                    .launch(NormalizeExtentKernel.INSTANCE, envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
