package dev.trackgen.generators.polar;

import dev.trackgen.api.kernel.ArcResampler;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.BuiltinGenerator;
import dev.trackgen.generators.BuiltinScratch;
import dev.trackgen.generators.curves.LoopDenseKernel;
import dev.trackgen.generators.curves.NormalizeExtentKernel;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.generators.knobs.PolarKnobs;

import java.util.List;

/**
 * The {@code polar} generator: {@code polar_num_knots} knots at evenly spaced angles with bounded
 * angular and radial jitter, a closed uniform Catmull-Rom spline through them, an arc-length
 * resample and a bounding-box normalization to {@code 1.44 * scale}. Smooth and centred by
 * construction, it has no local fallback. Knobs: {@link PolarKnobs}, plus {@code scale} and
 * {@code num_points_per_segment}. After the original implementation's AntoineRichard/TrackGen docs/generators/polar.rst.
 *
 * <p>Launch sequence per call: knots, knot counts, spline samples
 * ({@code polar_num_knots * num_points_per_segment} per env), arc-length resample to
 * {@code num_points}, normalization, flags. Fixed and allocation-free: capturable.
 */
public final class PolarGenerator extends BuiltinGenerator<PolarGenerator.Scratch> {
    /** The generator, with the kernels its plan launches. */
    public PolarGenerator() {
        super("polar", "jittered polar knots joined by a periodic Catmull-Rom spline, normalized; no fallback",
                PolarKnobs.all(), Scratch::new, PolarKnotsKernel.INSTANCE, FillI32Kernel.INSTANCE, LoopDenseKernel.INSTANCE,
                ArcResampleScanKernel.INSTANCE, ArcResampleLookupKernel.INSTANCE, NormalizeExtentKernel.INSTANCE);
    }

    @Override
    public List<String> validate(TrackGenConfig config) {
        return withBufferLimit(List.of(), config,
                "num_envs * polar_num_knots * num_points_per_segment", (long) config.numEnvs()
                        * config.get(PolarKnobs.NUM_KNOTS) * config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT));
    }

    /** Buffers sized once from the configuration, and the launch plan bound to the caller's arrays. */
    static final class Scratch extends BuiltinScratch {
        private final int k;
        private final int npseg;
        private final Vec2Array knots;
        private final I32Array knotCount;
        private final Vec2Array dense;
        private final ArcResampler arc;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            super(config);
            this.k = config.get(PolarKnobs.NUM_KNOTS);
            this.npseg = config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            int m = k * npseg;
            knots = rt.allocVec2(envs * k);
            knotCount = rt.allocI32(envs);
            dense = rt.allocVec2(envs * m);
            arc = new ArcResampler(rt, envs, m, n);
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            int m = k * npseg;
            float radial = (float) (double) config.get(PolarKnobs.RADIAL_JITTER);
            float angular = (float) (double) config.get(PolarKnobs.ANGULAR_JITTER);
            float extent = (float) (config.get(BezierKnobs.SCALE) * NormalizeExtentKernel.BEZIER_EXTENT);
            return LaunchPlan.builder()
                    .launch(envs * k, PolarKnotsKernel.INSTANCE.args().seeds(seeds).K(k)
                            .radialJitter(radial).angularJitter(angular).knots(knots))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(knotCount).value(k))
                    .launch(envs * m, LoopDenseKernel.INSTANCE.args().ctrl(knots).stride(k)
                            .count(knotCount).npseg(npseg).withEnd(0).polygon(0).active(knotCount).centripetal(0)
                            .out(dense))
                    .append(arc.plan(dense, knotCount, false, out))
                    .launch(envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
