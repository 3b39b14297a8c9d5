package dev.trackgen.generators.voronoi;

import dev.trackgen.api.config.BezierKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.config.VoronoiKnobs;
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
import dev.trackgen.generators.curves.LoopDenseKernel;
import dev.trackgen.generators.curves.NormalizeExtentKernel;

import java.util.List;

/**
 * The {@code voronoi} generator: a fixed field of {@code voronoi_num_sites} sites in one of four
 * layouts ({@code ring}, {@code void_ring}, {@code clustered}, {@code mixed}), {@code voronoi_control_points}
 * anchors snapped to the nearest unused site from jittered angular sector targets with a
 * multi-harmonic radius profile, one Chaikin subdivision and a closed Catmull-Rom pass, an
 * arc-length resample and a bounding-box normalization to {@code 1.44 * scale}. A loop that crosses
 * itself falls back to the straight Chaikin-cut anchor polygon. Knobs: {@link VoronoiKnobs}, plus
 * {@code scale} and {@code num_points_per_segment}. After the original implementation's
 * docs/generators/voronoi.rst (exact Voronoi ridges are replaced, as there, by this static
 * angular snap).
 *
 * <p>Launch sequence per call: sites, anchors, Chaikin, counts, spline samples
 * ({@code 2 * voronoi_control_points * num_points_per_segment} per env), resample, normalization,
 * self-intersection flags, polygon samples and resample for the crossing envs only, normalization,
 * flags. Fixed and allocation-free: capturable.
 */
public final class VoronoiGenerator implements CenterlineGenerator {
    /** Side of the square the site field is drawn in, before normalization. */
    public static final float BOX = 2.0f;

    private static final List<Kernel> KERNELS = List.of(VoronoiSitesKernel.INSTANCE, VoronoiAnchorsKernel.INSTANCE,
            ChaikinKernel.INSTANCE, FillI32Kernel.INSTANCE, LoopDenseKernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
            ArcResampleLookupKernel.INSTANCE, NormalizeExtentKernel.INSTANCE, SelfIntersectionsKernel.INSTANCE);

    @Override
    public String name() {
        return "voronoi";
    }

    @Override
    public String description() {
        return "anchors snapped from a site field, Chaikin + closed Catmull-Rom, normalized; polygon fallback";
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
        private final int sites;
        private final int k;
        private final int npseg;
        private final int n;
        private final Vec2Array site;
        private final Vec2Array sitePolar;
        private final I32Array used;
        private final Vec2Array anchors;
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
            this.sites = config.get(VoronoiKnobs.NUM_SITES);
            this.k = config.get(VoronoiKnobs.CONTROL_POINTS);
            this.npseg = config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            this.n = config.numPoints();
            int m = 2 * k * npseg;
            site = rt.allocVec2(envs * sites);
            sitePolar = rt.allocVec2(envs * sites);
            used = rt.allocI32(envs * sites);
            anchors = rt.allocVec2(envs * k);
            aug = rt.allocVec2(envs * 2 * k);
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
            int ap = 2 * k;
            int m = ap * npseg;
            int layout = VoronoiSitesKernel.layoutCode(config.get(VoronoiKnobs.SITE_LAYOUT));
            float variation = (float) (double) config.get(VoronoiKnobs.RADIAL_VARIATION);
            float jitter = (float) (double) config.get(VoronoiKnobs.ANGULAR_JITTER);
            float extent = (float) (config.get(BezierKnobs.SCALE) * NormalizeExtentKernel.BEZIER_EXTENT);
            return LaunchPlan.builder()
                    .launch(VoronoiSitesKernel.INSTANCE, envs * sites, VoronoiSitesKernel.INSTANCE.args().seeds(seeds)
                            .S(sites).layout(layout).box(BOX).sites(site).polar(sitePolar))
                    .launch(VoronoiAnchorsKernel.INSTANCE, envs, VoronoiAnchorsKernel.INSTANCE.args().seeds(seeds)
                            .sites(site).polar(sitePolar).S(sites).K(k).boost(VoronoiAnchorsKernel.layoutBoost(layout))
                            .box(BOX).radialVariation(variation).angularJitter(jitter).used(used).anchors(anchors))
                    .launch(ChaikinKernel.INSTANCE, envs * ap, ChaikinKernel.INSTANCE.args().poly(anchors).K(k)
                            .out(aug))
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(augCount).value(ap))
                    .launch(LoopDenseKernel.INSTANCE, envs * m, LoopDenseKernel.INSTANCE.args().ctrl(aug).stride(ap)
                            .count(augCount).npseg(npseg).withEnd(0).polygon(0).active(crossers).centripetal(0)
                            .out(dense))
                    .launch(ArcResampleScanKernel.INSTANCE, envs, dense, m, n, crossers, 0, arcReal, arcSeg, arcS,
                            arcCountReal, arcCountOut)
                    .launch(ArcResampleLookupKernel.INSTANCE, envs * n, arcReal, arcSeg, arcS, arcCountReal, m, n, out)
                    .launch(NormalizeExtentKernel.INSTANCE, envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(SelfIntersectionsKernel.INSTANCE, envs, out, n, arcCountOut, boxes, 1, crossers)
                    .launch(LoopDenseKernel.INSTANCE, envs * m, LoopDenseKernel.INSTANCE.args().ctrl(aug).stride(ap)
                            .count(augCount).npseg(npseg).withEnd(0).polygon(1).active(crossers).centripetal(0)
                            .out(dense))
                    .launch(ArcResampleScanKernel.INSTANCE, envs, dense, m, n, crossers, 1, arcReal, arcSeg, arcS,
                            arcCountReal, arcCountOut)
                    .launch(ArcResampleLookupKernel.INSTANCE, envs * n, arcReal, arcSeg, arcS, arcCountReal, m, n, out)
                    .launch(NormalizeExtentKernel.INSTANCE, envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
