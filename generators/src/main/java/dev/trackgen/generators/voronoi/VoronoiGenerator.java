package dev.trackgen.generators.voronoi;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.HostFusion;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.BuiltinGenerator;
import dev.trackgen.generators.BuiltinScratch;
import dev.trackgen.generators.curves.FallbackLoop;
import dev.trackgen.generators.curves.LoopDenseKernel;
import dev.trackgen.generators.curves.LoopResampler;
import dev.trackgen.generators.curves.NormalizeExtentKernel;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.generators.knobs.VoronoiKnobs;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code voronoi} generator: a fixed field of {@code voronoi_num_sites} sites in one of four
 * layouts ({@code ring}, {@code void_ring}, {@code clustered}, {@code mixed}), {@code voronoi_control_points}
 * anchors snapped to the nearest unused site from jittered angular sector targets with a
 * multi-harmonic radius profile, one Chaikin subdivision and a closed Catmull-Rom pass, an
 * arc-length resample and a bounding-box normalization to {@code 1.44 * scale}. A loop that crosses
 * itself falls back to the straight Chaikin-cut anchor polygon. Knobs: {@link VoronoiKnobs}, plus
 * {@code scale} and {@code num_points_per_segment}. After the original implementation's
 * AntoineRichard/TrackGen docs/generators/voronoi.rst (exact Voronoi ridges are replaced, as there, by this static
 * angular snap).
 *
 * <p>Launch sequence per call: sites, anchors, Chaikin, counts, spline samples
 * ({@code 2 * voronoi_control_points * num_points_per_segment} per env), resample, normalization,
 * self-intersection flags, polygon samples and resample for the crossing envs only, normalization,
 * flags. On a runtime that runs Java bodies (the CPU runtime) the sites and anchors are one launch
 * ({@code VoronoiAnchorsHostKernel}) and the samples and their resample one per pass
 * ({@link LoopResampler}), their per-env scratch in the worker's buffers. Fixed and
 * allocation-free: capturable.
 */
public final class VoronoiGenerator extends BuiltinGenerator<VoronoiGenerator.Scratch> {
    /** The generator, with the kernels its plan launches. */
    public VoronoiGenerator() {
        super("voronoi", "anchors snapped from a site field, Chaikin + closed Catmull-Rom, normalized; polygon fallback",
                VoronoiKnobs.all(), Scratch::new, VoronoiSitesKernel.INSTANCE, VoronoiAnchorsKernel.INSTANCE, ChaikinKernel.INSTANCE,
                FillI32Kernel.INSTANCE, LoopDenseKernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
                ArcResampleLookupKernel.INSTANCE, NormalizeExtentKernel.INSTANCE,
                SelfIntersectionsKernel.INSTANCE);
    }

    /** Side of the square the site field is drawn in, before normalization. */
    public static final float BOX = 2.0f;

    @Override
    public List<String> validate(TrackGenConfig config) {
        List<String> problems = new ArrayList<>();
        String order = TrackGenConfig.GeneratorRules.atLeast(config, VoronoiKnobs.NUM_SITES, VoronoiKnobs.CONTROL_POINTS);
        if (order != null) {
            problems.add(order);
        }
        long e = config.numEnvs();
        long sites = e * config.get(VoronoiKnobs.NUM_SITES);
        long dense = e * 2L * config.get(VoronoiKnobs.CONTROL_POINTS) * config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
        return withBufferLimit(problems, config, sites >= dense
                ? "num_envs * voronoi_num_sites"
                : "num_envs * 2 * voronoi_control_points * num_points_per_segment", Math.max(sites, dense));
    }

    /** Buffers sized once from the configuration, and the launch plan bound to the caller's arrays. */
    static final class Scratch extends BuiltinScratch {
        private final int sites;
        private final int k;
        private final int npseg;
        private final HostFusion fusion;
        private final Vec2Array site;
        private final Vec2Array sitePolar;
        private final I32Array used;
        private final Vec2Array anchors;
        private final FallbackLoop loop;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            super(config);
            this.sites = config.get(VoronoiKnobs.NUM_SITES);
            this.k = config.get(VoronoiKnobs.CONTROL_POINTS);
            this.npseg = config.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            this.fusion = new HostFusion(rt, VoronoiAnchorsHostKernel.INSTANCE);
            site = fusion.deviceVec2(envs * sites);
            sitePolar = fusion.deviceVec2(envs * sites);
            used = fusion.deviceI32(envs * sites);
            anchors = rt.allocVec2(envs * k);
            loop = new FallbackLoop(rt, envs, 2 * k, npseg, n, false, false);
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            int ap = 2 * k;
            int layout = VoronoiSitesKernel.layoutCode(config.get(VoronoiKnobs.SITE_LAYOUT));
            float variation = (float) (double) config.get(VoronoiKnobs.RADIAL_VARIATION);
            float jitter = (float) (double) config.get(VoronoiKnobs.ANGULAR_JITTER);
            float extent = (float) (config.get(BezierKnobs.SCALE) * NormalizeExtentKernel.BEZIER_EXTENT);
            float boost = VoronoiAnchorsKernel.layoutBoost(layout);
            LaunchPlan.Builder b = fusion.append(LaunchPlan.builder(), envs, VoronoiAnchorsHostKernel.INSTANCE.args()
                    .seeds(seeds).S(sites).layout(layout).box(BOX).K(k).boost(boost).radialVariation(variation)
                    .angularJitter(jitter).anchors(anchors), d -> d
                    .launch(envs * sites, VoronoiSitesKernel.INSTANCE.args().seeds(seeds)
                            .S(sites).layout(layout).box(BOX).sites(site).polar(sitePolar))
                    .launch(envs, VoronoiAnchorsKernel.INSTANCE.args().seeds(seeds)
                            .sites(site).polar(sitePolar).S(sites).K(k).boost(boost)
                            .box(BOX).radialVariation(variation).angularJitter(jitter).used(used).anchors(anchors)));
            return b.launch(envs * ap, ChaikinKernel.INSTANCE.args().poly(anchors).K(k)
                            .out(loop.ctrl()))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(loop.count()).value(ap))
                    .append(loop.splinePlan(out))
                    .launch(envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .append(loop.fallbackPlan(out))
                    .launch(envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
