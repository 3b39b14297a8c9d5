package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.Track;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.WidthKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.HostFusion;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The inflation stage: turns relaxed bead chains into the {@link Track} result. It
 * re-uniformizes each chain, computes unit tangents, left normals and Menger curvature, the
 * cumulative arc length, perimeter and winding, writes the per-point half-widths
 * ({@code track.leftHalfWidth()}, {@code rightHalfWidth()}), offsets both borders by them (the
 * larger-area one is the outer border), and runs the validity gate
 * ({@link ValidityKernel}). The point count of each track is expected in {@code track.count()}.
 *
 * <p>On a runtime that runs Java bodies (CPU) the eight steps are one launch per env
 * ({@link InflationHostKernel}) whose scratch lives in the worker thread, so the stage keeps
 * two floats per env beyond the {@code Track}; elsewhere (CUDA) eight launches over
 * {@code [E * N_max]} scratch rows ({@link HostFusion} chooses). Same results either way.
 */
public final class Inflation {
    private final LaunchPlan plan;

    /**
     * Allocates the stage's scratch and binds its launches.
     *
     * @param runtime  where arrays live
     * @param config   the configuration (half-width and validity knobs)
     * @param in       {@code [E * N_max]} relaxed centerlines, NaN-padded past the count
     * @param genValid {@code [E]} generation flags
     * @param track    the output batch; {@code track.count()} holds the real-point counts
     */
    public Inflation(ComputeRuntime runtime, TrackGenConfig config, Vec2Array in, I32Array genValid, Track track) {
        this(runtime, config, in, genValid, track, null, null, 0);
    }

    /**
     * Allocates the stage's scratch and binds its launches, with the per-point half-widths from
     * one of three sources: a caller's width profile when {@code profileLeft} is given
     * ({@link WidthProfileKernel}), else the configuration's {@code width_profile}: the curvature
     * profile ({@link WidthCurvatureKernel}) or the constant {@code half_width}
     * ({@link WidthFillKernel}, the default).
     *
     * @param runtime       where arrays live
     * @param config        the configuration (half-width, width profile and validity knobs)
     * @param in            {@code [E * N_max]} relaxed centerlines, NaN-padded past the count
     * @param genValid      {@code [E]} generation flags
     * @param track         the output batch; {@code track.count()} holds the real-point counts
     * @param profileLeft   {@code [E * profilePoints]} left half-widths at equal arc-length
     *                      fractions of each input loop, or null for the configuration's profile
     * @param profileRight  {@code [E * profilePoints]} right half-widths (null with {@code profileLeft})
     * @param profilePoints samples per env of the profile ({@code >= 1} when one is given)
     * @throws IllegalArgumentException if only one profile array is given or {@code profilePoints < 1}
     */
    public Inflation(ComputeRuntime runtime, TrackGenConfig config, Vec2Array in, I32Array genValid, Track track,
                     F32Array profileLeft, F32Array profileRight, int profilePoints) {
        if ((profileLeft == null) != (profileRight == null) || (profileLeft != null && profilePoints < 1)) {
            throw new IllegalArgumentException("a width profile needs both sides and at least 1 point per env, got "
                    + (profileLeft != null) + ", " + (profileRight != null) + ", " + profilePoints);
        }
        int e = config.numEnvs();
        int nMax = config.nMax();
        int dim = e * nMax;
        float hw = (float) config.halfWidth();
        I32Array count = track.count();
        float turningTol = config.get(PipelineKnobs.TURNING_TOL).floatValue();
        float wFloor = config.get(PipelineKnobs.W_FLOOR).floatValue();
        float relaxTol = config.get(PipelineKnobs.RELAX_TOL).floatValue();
        HostFusion fusion = new HostFusion(runtime, InflationHostKernel.INSTANCE);
        F32Array seg = fusion.deviceF32(dim);
        F32Array s = fusion.deviceF32(e * (nMax + 1));
        F32Array kappa = fusion.deviceF32(dim);
        F32Array boxes = fusion.deviceF32(e * ValidityKernel.boxFloatsPerEnv(nMax));
        int mode = profileLeft != null ? InflationHostKernel.WIDTH_PROFILE
                : config.variableWidth() ? InflationHostKernel.WIDTH_CURVATURE : InflationHostKernel.WIDTH_CONSTANT;
        float wMin = (float) config.halfWidthMin();
        float wMax = (float) config.halfWidthMax();
        float cornerRadius = config.get(WidthKnobs.CORNER_RADIUS).floatValue();
        int window = (int) Math.min(nMax, Math.round(config.get(WidthKnobs.SMOOTHNESS) / config.spacing()));
        F32Array pl = profileLeft != null ? profileLeft : runtime.allocF32(1);
        F32Array pr = profileRight != null ? profileRight : runtime.allocF32(1);
        int p = profileLeft != null ? profilePoints : 1;
        KernelArgs widthArgs = mode == InflationHostKernel.WIDTH_PROFILE
                ? WidthProfileKernel.INSTANCE.args().profileLeft(pl).profileRight(pr).p(p).nMax(nMax).count(count)
                        .left(track.leftHalfWidth()).right(track.rightHalfWidth())
                : mode == InflationHostKernel.WIDTH_CURVATURE
                ? WidthCurvatureKernel.INSTANCE.args().center(track.center()).nMax(nMax).count(count).wMin(wMin)
                        .wMax(wMax).cornerRadius(cornerRadius).window(window)
                        .left(track.leftHalfWidth()).right(track.rightHalfWidth())
                : WidthFillKernel.INSTANCE.args().halfWidth(hw).nMax(nMax).count(count)
                        .left(track.leftHalfWidth()).right(track.rightHalfWidth());
        F32Array areaA = runtime.allocF32(e);
        F32Array areaB = runtime.allocF32(e);
        this.plan = fusion.plan(e, InflationHostKernel.INSTANCE.args().in(in).nMax(nMax).count(count)
                .genValid(genValid).halfWidth(hw).widthMode(mode).profileLeft(pl).profileRight(pr).p(p)
                .wMin(wMin).wMax(wMax).cornerRadius(cornerRadius).window(window).turningTol(turningTol).wFloor(wFloor).relaxTol(relaxTol)
                .areaA(areaA).areaB(areaB).center(track.center()).tangent(track.tangent()).normal(track.normal())
                .arclen(track.arclen()).length(track.length()).winding(track.winding())
                .left(track.leftHalfWidth()).right(track.rightHalfWidth()).outer(track.outer())
                .inner(track.inner()).valid(track.valid()), b -> b
                .launch(e, UniformResampleScanKernel.INSTANCE.args()
                        .center(in).nMax(nMax).count(count).seg(seg).s(s))
                .launch(dim, UniformResampleLookupKernel.INSTANCE.args()
                        .center(in).seg(seg).s(s).nMax(nMax).count(count).out(track.center()))
                .launch(dim, FrameKernel.INSTANCE.args()
                        .center(track.center()).nMax(nMax).count(count)
                        .tangent(track.tangent()).normal(track.normal()).kappa(kappa))
                .launch(e, ArcLengthKernel.INSTANCE.args()
                        .center(track.center()).nMax(nMax).count(count)
                        .arclen(track.arclen()).length(track.length()).winding(track.winding()))
                .launch(dim, widthArgs)
                .launch(e, OffsetAreaKernel.INSTANCE.args()
                        .center(track.center()).normal(track.normal())
                        .left(track.leftHalfWidth()).right(track.rightHalfWidth()).nMax(nMax).count(count)
                        .areaA(areaA).areaB(areaB))
                .launch(dim, OffsetAssignKernel.INSTANCE.args()
                        .center(track.center()).normal(track.normal())
                        .left(track.leftHalfWidth()).right(track.rightHalfWidth()).nMax(nMax).count(count)
                        .areaA(areaA).areaB(areaB).outer(track.outer()).inner(track.inner()))
                .launch(e, ValidityKernel.INSTANCE.args()
                        .center(track.center()).count(count).genValid(genValid).normal(track.normal())
                        .outer(track.outer()).inner(track.inner())
                        .left(track.leftHalfWidth()).right(track.rightHalfWidth()).nMax(nMax)
                        .turningTol(turningTol).wFloor(wFloor).relaxTol(relaxTol)
                        .boxes(boxes).valid(track.valid())));
    }

    /** @return the stage's launches */
    public LaunchPlan plan() {
        return plan;
    }
}
