package dev.trackgen.generators.bezier;

import dev.trackgen.api.kernel.ArcResampler;
import dev.trackgen.api.config.Interval;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.BuiltinGenerator;
import dev.trackgen.generators.BuiltinScratch;
import dev.trackgen.generators.GeneratorKernels;
import dev.trackgen.generators.corners.CornerPolygon;
import dev.trackgen.generators.corners.CornerSampleKernel;
import dev.trackgen.generators.corners.CornerSortKernel;
import dev.trackgen.generators.curves.SelfCrossings;
import dev.trackgen.generators.knobs.BezierKnobs;

import java.util.List;

/**
 * The {@code bezier} generator (the default): random grid-jittered corners, sorted by angle about
 * their centroid into a star-shaped simple polygon, joined by a closed cubic Bezier spline whose
 * handles are {@code rad * chord} long and clamped to {@code handle_clamp_frac} of each corner's
 * shorter edge. A curve that still crosses itself falls back to its corner polygon, which the
 * relaxation rounds. Knobs: {@link BezierKnobs}. After the original implementation's
 * AntoineRichard/TrackGen docs/generators/bezier.rst.
 *
 * <p>Launch sequence per call: style draw, corner sample, corner sort, vertex tangents, Bezier
 * assembly ({@code max_num_points * num_points_per_segment} samples per env), arc-length resample
 * to {@code num_points} (the output rows), self-intersection flags, polygon assembly and resample
 * for the crossing envs only, over their output rows, flags. All of it is fixed and allocation-free, so it is capturable.
 */
public final class BezierGenerator extends BuiltinGenerator<BezierGenerator.Scratch> {
    /** The generator, with the kernels its plan launches. */
    public BezierGenerator() {
        super("bezier", "angle-sorted grid corners joined by a clamped closed cubic Bezier; corner-polygon fallback",
                BezierKnobs.all(), Scratch::new, StyleSampleKernel.INSTANCE, CornerSampleKernel.INSTANCE, CornerSortKernel.INSTANCE,
                VertexTangentKernel.INSTANCE, BezierAssembleKernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
                ArcResampleLookupKernel.INSTANCE, SelfIntersectionsKernel.INSTANCE,
                FillI32Kernel.INSTANCE);
    }

    @Override
    public List<String> validate(TrackGenConfig config) {
        return withBufferLimit(BezierKnobs.checkCorners(config), config,
                "num_envs * max_num_points * num_points_per_segment", (long) config.numEnvs()
                        * config.get(BezierKnobs.MAX_NUM_POINTS) * config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT));
    }

    /** Buffers sized once from the configuration, and the launch plan bound to the caller's arrays. */
    static final class Scratch extends BuiltinScratch {
        private final int p;
        private final int npseg;
        private final F32Array rad;
        private final F32Array scale;
        private final F32Array clamp;
        private final CornerPolygon polygon;
        private final Vec2Array tangents;
        private final F32Array minEdge;
        private final Vec2Array dense;
        private final ArcResampler arc;
        private final SelfCrossings crossings;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            super(config);
            this.polygon = new CornerPolygon(rt, config);
            this.p = polygon.stride();
            this.npseg = config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            int m = p * npseg;
            rad = rt.allocF32(envs);
            scale = rt.allocF32(envs);
            clamp = rt.allocF32(envs);
            tangents = rt.allocVec2(envs * p);
            minEdge = rt.allocF32(envs * p);
            dense = rt.allocVec2(envs * m);
            arc = new ArcResampler(rt, envs, m, n);
            crossings = new SelfCrossings(rt, envs, n);
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            int m = p * npseg;
            Vec2Array sorted = polygon.sorted();
            I32Array count = polygon.count();
            double radV = config.get(BezierKnobs.RAD);
            double scaleV = config.get(BezierKnobs.SCALE);
            double clampV = config.get(BezierKnobs.HANDLE_CLAMP_FRAC);
            Interval radR = new Interval(radV, radV);
            Interval scaleR = new Interval(scaleV, scaleV);
            Interval clampR = new Interval(clampV, clampV);
            if (config.get(BezierKnobs.STYLE_SAMPLING)) {
                radR = orElse(config.get(BezierKnobs.RAD_RANGE), radR);
                scaleR = orElse(config.get(BezierKnobs.SCALE_RANGE), scaleR);
                clampR = orElse(config.get(BezierKnobs.HANDLE_CLAMP_FRAC_RANGE), clampR);
            }
            float blend = (float) (Math.atan(config.get(BezierKnobs.EDGY)) / Math.PI + 0.5);
            return LaunchPlan.builder()
                    .launch(envs, StyleSampleKernel.INSTANCE.args().seeds(seeds)
                            .radLo((float) radR.lo()).radHi((float) radR.hi()).scaleLo((float) scaleR.lo())
                            .scaleHi((float) scaleR.hi()).clampLo((float) clampR.lo()).clampHi((float) clampR.hi())
                            .rad(rad).scale(scale).clamp(clamp))
                    .append(polygon.plan(seeds, scale, GeneratorKernels.STREAM_CORNER_COUNT,
                            GeneratorKernels.STREAM_CORNERS))
                    .launch(envs * p, VertexTangentKernel.INSTANCE.args().corners(sorted)
                            .count(count).P(p).blend(blend).tangents(tangents).minEdge(minEdge))
                    .launch(envs * m, BezierAssembleKernel.INSTANCE.args()
                            .corners(sorted).count(count).tangents(tangents).minEdge(minEdge).P(p).npseg(npseg)
                            .rad(rad).clamp(clamp).polygon(0).active(crossings.flags()).out(dense))
                    .append(arc.plan(dense, crossings.flags(), false, out))
                    .append(crossings.plan(out, arc.counts()))
                    .launch(envs * m, BezierAssembleKernel.INSTANCE.args()
                            .corners(sorted).count(count).tangents(tangents).minEdge(minEdge).P(p).npseg(npseg)
                            .rad(rad).clamp(clamp).polygon(1).active(crossings.flags()).out(dense))
                    // the crossing envs' rows of the curve are overwritten by their polygon's
                    .append(arc.plan(dense, crossings.flags(), true, out))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }

        private static Interval orElse(Interval v, Interval fallback) {
            return v != null ? v : fallback;
        }
    }
}
