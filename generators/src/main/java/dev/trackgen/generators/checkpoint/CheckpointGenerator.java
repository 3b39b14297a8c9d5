package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.config.BezierKnobs;
import dev.trackgen.api.config.CheckpointKnobs;
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
import dev.trackgen.generators.curves.NormalizeExtentKernel;

import java.util.List;

/**
 * The {@code checkpoint} generator (CarRacing's track family, made fixed-shape): {@code checkpoint_count}
 * radial checkpoints at jittered slot angles, a fixed {@code num_points}-step bounded-turn steering
 * walk through them, an additive heading-ramp closure that makes the net turning exactly one loop,
 * best-of-{@code checkpoint_best_of_k} candidates keeping the one with the fewest self-intersections
 * (ties go to a candidate without a thin pinch, see {@link CheckpointClearanceKernel}; the
 * original took the lowest index), an optional single-crossing clip ({@code checkpoint_clip_fallback}), and a bounding-box
 * normalization to {@code 1.44 * scale}. Knobs: {@link CheckpointKnobs}, plus {@code scale}. After
 * the original implementation's docs/generators/checkpoint.rst.
 *
 * <p>Launch sequence per call: checkpoints, steering, closure (all over {@code E * K} candidate
 * slots), crossing counts and pinch flags of every candidate (when {@code K > 1}), selection, clip and resample
 * (when enabled), normalization, flags. Which launches run depends on the configuration only:
 * fixed and allocation-free, capturable.
 */
public final class CheckpointGenerator implements CenterlineGenerator {

    private static final List<Kernel> KERNELS = List.of(CheckpointSampleKernel.INSTANCE,
            CheckpointSteerKernel.INSTANCE, CheckpointCloseKernel.INSTANCE, FillI32Kernel.INSTANCE,
            SelfIntersectionsKernel.INSTANCE, CheckpointClearanceKernel.INSTANCE, CheckpointSelectKernel.INSTANCE, CheckpointClipKernel.INSTANCE,
            ArcResampleScanKernel.INSTANCE, ArcResampleLookupKernel.INSTANCE, NormalizeExtentKernel.INSTANCE);

    @Override
    public String name() {
        return "checkpoint";
    }

    @Override
    public String description() {
        return "bounded-turn steering through radial checkpoints, heading-ramp closure, best of K";
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
        private final int c;
        private final int n;
        private final boolean clip;
        private final Vec2Array checkpoints;
        private final Vec2Array path;
        private final F32Array heading;
        private final Vec2Array cand;
        private final I32Array candCount;
        private final I32Array cross;
        private final I32Array thin;
        private final F32Array clearanceBoxes;
        private final F32Array boxes;
        private final Vec2Array clipDense;
        private final Vec2Array arcReal;
        private final F32Array arcSeg;
        private final F32Array arcS;
        private final I32Array arcCountReal;
        private final I32Array arcCountOut;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            this.config = config;
            this.envs = config.numEnvs();
            this.k = config.get(CheckpointKnobs.BEST_OF_K);
            this.c = config.get(CheckpointKnobs.COUNT);
            this.n = config.numPoints();
            this.clip = config.get(CheckpointKnobs.CLIP_FALLBACK);
            int ek = envs * k;
            checkpoints = rt.allocVec2(ek * c);
            path = rt.allocVec2(ek * n);
            heading = rt.allocF32(ek * n);
            cand = rt.allocVec2(ek * n);
            candCount = rt.allocI32(ek);
            cross = rt.allocI32(ek);
            thin = rt.allocI32(ek);
            clearanceBoxes = k > 1 ? rt.allocF32(ek * CheckpointClearanceKernel.boxFloats(n)) : null;
            boxes = k > 1 ? rt.allocF32(ek * Crossings.boxFloats(n)) : null;
            int m = n + 2;
            clipDense = clip ? rt.allocVec2(envs * m) : null;
            arcReal = clip ? rt.allocVec2(envs * m) : null;
            arcSeg = clip ? rt.allocF32(envs * m) : null;
            arcS = clip ? rt.allocF32(envs * (m + 1)) : null;
            arcCountReal = clip ? rt.allocI32(envs) : null;
            arcCountOut = clip ? rt.allocI32(envs) : null;
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            int ek = envs * k;
            float extent = (float) (config.get(BezierKnobs.SCALE) * NormalizeExtentKernel.BEZIER_EXTENT);
            LaunchPlan.Builder b = LaunchPlan.builder()
                    .launch(CheckpointSampleKernel.INSTANCE, ek * c, CheckpointSampleKernel.INSTANCE.args()
                            .seeds(seeds).K(k).C(c)
                            .radiusMinFrac((float) (double) config.get(CheckpointKnobs.RADIUS_MIN_FRAC))
                            .angleJitter((float) (double) config.get(CheckpointKnobs.ANGLE_JITTER))
                            .checkpoints(checkpoints))
                    .launch(CheckpointSteerKernel.INSTANCE, ek, CheckpointSteerKernel.INSTANCE.args()
                            .checkpoints(checkpoints).C(c).N(n)
                            .turnRate((float) (double) config.get(CheckpointKnobs.TURN_RATE))
                            .steerGain((float) (double) config.get(CheckpointKnobs.STEER_GAIN))
                            .lookahead((float) (double) config.get(CheckpointKnobs.LOOKAHEAD_FRAC)).path(path))
                    .launch(CheckpointCloseKernel.INSTANCE, ek, CheckpointCloseKernel.INSTANCE.args().path(path).N(n)
                            .heading(heading).cand(cand));
            if (k > 1) {
                b.launch(FillI32Kernel.INSTANCE, ek, FillI32Kernel.INSTANCE.args().out(candCount).value(n))
                        .launch(SelfIntersectionsKernel.INSTANCE, ek, cand, n, candCount, boxes, 0, cross)
                        .launch(CheckpointClearanceKernel.INSTANCE, ek, CheckpointClearanceKernel.INSTANCE.args()
                                .cand(cand).N(n).halfWidth((float) config.halfWidth()).targetExtent(extent)
                                .boxes(clearanceBoxes).thin(thin));
            }
            b.launch(CheckpointSelectKernel.INSTANCE, envs * n, CheckpointSelectKernel.INSTANCE.args().cand(cand)
                            .cross(cross).thin(thin).K(k).N(n).out(out));
            if (clip) {
                int m = n + 2;
                b.launch(CheckpointClipKernel.INSTANCE, envs, CheckpointClipKernel.INSTANCE.args().pts(out).N(n).M(m)
                                .dense(clipDense))
                        .launch(ArcResampleScanKernel.INSTANCE, envs, clipDense, m, n, arcCountOut, 0, arcReal, arcSeg,
                                arcS, arcCountReal, arcCountOut)
                        .launch(ArcResampleLookupKernel.INSTANCE, envs * n, arcReal, arcSeg, arcS, arcCountReal, m, n,
                                out);
            }
            return b.launch(NormalizeExtentKernel.INSTANCE, envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
