package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.ArcResampler;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.HostFusion;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.BuiltinGenerator;
import dev.trackgen.generators.BuiltinScratch;
import dev.trackgen.generators.curves.NormalizeExtentKernel;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.generators.knobs.CheckpointKnobs;

import java.util.List;

/**
 * The {@code checkpoint} generator (CarRacing's track family, made fixed-shape): {@code checkpoint_count}
 * radial checkpoints at jittered slot angles, a fixed {@code num_points}-step bounded-turn steering
 * walk through them, an additive heading-ramp closure that makes the net turning exactly one loop,
 * best-of-{@code checkpoint_best_of_k} candidates keeping the one with the fewest self-intersections
 * (ties go to a candidate without a thin pinch, see {@link CheckpointClearanceKernel}; the
 * original took the lowest index), an optional single-crossing clip ({@code checkpoint_clip_fallback}), and a bounding-box
 * normalization to {@code 1.44 * scale}. Knobs: {@link CheckpointKnobs}, plus {@code scale}. After
 * the original implementation's AntoineRichard/TrackGen docs/generators/checkpoint.rst.
 *
 * <p>Launch sequence per call: checkpoints, steering, closure (all over {@code E * K} candidate
 * slots), crossing counts and pinch flags of every candidate (when {@code K > 1}), selection, clip and resample
 * (when enabled), normalization, flags; on a runtime that runs Java bodies (the CPU runtime) all
 * before the clip are one launch, the candidates in the worker's buffers
 * ({@code CheckpointHostKernel}). Which launches run depends on the configuration only:
 * fixed and allocation-free, capturable.
 */
public final class CheckpointGenerator extends BuiltinGenerator<CheckpointGenerator.Scratch> {
    /** The generator, with the kernels its plan launches. */
    public CheckpointGenerator() {
        super("checkpoint", "bounded-turn steering through radial checkpoints, heading-ramp closure, best of K",
                CheckpointKnobs.all(), Scratch::new, CheckpointSampleKernel.INSTANCE, CheckpointSteerKernel.INSTANCE, CheckpointCloseKernel.INSTANCE,
                FillI32Kernel.INSTANCE, SelfIntersectionsKernel.INSTANCE, CheckpointClearanceKernel.INSTANCE,
                CheckpointSelectKernel.INSTANCE, CheckpointClipKernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
                ArcResampleLookupKernel.INSTANCE, NormalizeExtentKernel.INSTANCE);
    }

    @Override
    public List<String> validate(TrackGenConfig config) {
        return withBufferLimit(List.of(), config,
                "num_envs * checkpoint_best_of_k * max(num_points, checkpoint_count)", (long) config.numEnvs()
                        * config.get(CheckpointKnobs.BEST_OF_K)
                        * Math.max(config.numPoints(), config.get(CheckpointKnobs.COUNT)));
    }

    /** Buffers sized once from the configuration, and the launch plan bound to the caller's arrays. */
    static final class Scratch extends BuiltinScratch {
        private final int k;
        private final int c;
        private final boolean clip;
        private final HostFusion fusion;
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
        private final ArcResampler arc;

        Scratch(ComputeRuntime rt, TrackGenConfig config) {
            super(config);
            this.k = config.get(CheckpointKnobs.BEST_OF_K);
            this.c = config.get(CheckpointKnobs.COUNT);
            this.clip = config.get(CheckpointKnobs.CLIP_FALLBACK);
            this.fusion = new HostFusion(rt, CheckpointHostKernel.INSTANCE);
            int ek = envs * k;
            boolean best = k > 1;
            checkpoints = fusion.deviceVec2(ek * c);
            path = fusion.deviceVec2(ek * n);
            heading = fusion.deviceF32(ek * n);
            cand = fusion.deviceVec2(ek * n);
            candCount = fusion.deviceI32(ek);
            cross = fusion.deviceI32(ek);
            thin = fusion.deviceI32(ek);
            clearanceBoxes = best ? fusion.deviceF32(ek * CheckpointClearanceKernel.boxFloats(n)) : null;
            boxes = best ? fusion.deviceF32(ek * Crossings.boxFloats(n)) : null;
            int m = n + 2;
            clipDense = clip ? rt.allocVec2(envs * m) : null;
            arc = clip ? new ArcResampler(rt, envs, m, n) : null;
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            float extent = (float) (config.get(BezierKnobs.SCALE) * NormalizeExtentKernel.BEZIER_EXTENT);
            float rmin = (float) (double) config.get(CheckpointKnobs.RADIUS_MIN_FRAC);
            float jitter = (float) (double) config.get(CheckpointKnobs.ANGLE_JITTER);
            float turn = (float) (double) config.get(CheckpointKnobs.TURN_RATE);
            float gain = (float) (double) config.get(CheckpointKnobs.STEER_GAIN);
            float look = (float) (double) config.get(CheckpointKnobs.LOOKAHEAD_FRAC);
            float hw = (float) config.halfWidth();
            int ek = envs * k;
            LaunchPlan.Builder b = fusion.append(LaunchPlan.builder(), envs, CheckpointHostKernel.INSTANCE.args()
                    .seeds(seeds).K(k).C(c).radiusMinFrac(rmin).angleJitter(jitter).N(n).turnRate(turn)
                    .steerGain(gain).lookahead(look).halfWidth(hw).targetExtent(extent).out(out), d -> {
                        d.launch(ek * c, CheckpointSampleKernel.INSTANCE.args()
                                        .seeds(seeds).K(k).C(c).radiusMinFrac(rmin).angleJitter(jitter)
                                        .checkpoints(checkpoints))
                                .launch(ek, CheckpointSteerKernel.INSTANCE.args()
                                        .checkpoints(checkpoints).C(c).N(n).turnRate(turn).steerGain(gain)
                                        .lookahead(look).path(path))
                                .launch(ek, CheckpointCloseKernel.INSTANCE.args().path(path).N(n)
                                        .heading(heading).cand(cand));
                        if (k > 1) {
                            d.launch(ek, FillI32Kernel.INSTANCE.args().out(candCount).value(n))
                                    .launch(ek, SelfIntersectionsKernel.INSTANCE.args().poly(cand).stride(n)
                                            .count(candCount).boxes(boxes).maxCount(0).out(cross))
                                    .launch(ek, CheckpointClearanceKernel.INSTANCE.args()
                                            .cand(cand).N(n).halfWidth(hw).targetExtent(extent)
                                            .boxes(clearanceBoxes).thin(thin));
                        }
                        d.launch(envs * n, CheckpointSelectKernel.INSTANCE.args().cand(cand)
                                .cross(cross).thin(thin).K(k).N(n).out(out));
                    });
            if (clip) {
                int m = n + 2;
                b.launch(envs, CheckpointClipKernel.INSTANCE.args().pts(out).N(n).M(m)
                                .dense(clipDense))
                        .append(arc.plan(clipDense, arc.counts(), false, out));
            }
            return b.launch(envs, NormalizeExtentKernel.INSTANCE.args().points(out)
                            .n(n).targetExtent(extent))
                    .launch(envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
