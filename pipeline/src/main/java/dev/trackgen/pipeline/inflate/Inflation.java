package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.Track;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The inflation stage: turns relaxed bead chains into the {@link Track} result. It
 * re-uniformizes each chain, computes unit tangents, left normals and Menger curvature, the
 * cumulative arc length, perimeter and winding, offsets both borders by the constant half-width
 * (the larger-area one is the outer border), and runs the validity gate
 * ({@link ValidityKernel}). The point count of each track is expected in {@code track.count()}.
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
        int e = config.numEnvs();
        int nMax = config.nMax();
        int dim = e * nMax;
        float hw = (float) config.halfWidth();
        I32Array count = track.count();
        F32Array seg = runtime.allocF32(dim);
        F32Array s = runtime.allocF32(e * (nMax + 1));
        F32Array kappa = runtime.allocF32(dim);
        F32Array areaA = runtime.allocF32(e);
        F32Array areaB = runtime.allocF32(e);
        F32Array boxes = runtime.allocF32(e * ValidityKernel.boxFloatsPerEnv(nMax));
        this.plan = LaunchPlan.builder()
                .launch(UniformResampleScanKernel.INSTANCE, e, in, nMax, count, seg, s)
                .launch(UniformResampleLookupKernel.INSTANCE, dim, in, seg, s, nMax, count, track.center())
                .launch(FrameKernel.INSTANCE, dim, track.center(), nMax, count, track.tangent(), track.normal(), kappa)
                .launch(ArcLengthKernel.INSTANCE, e, track.center(), nMax, count, track.arclen(), track.length(),
                        track.winding())
                .launch(OffsetAreaKernel.INSTANCE, e, track.center(), track.normal(), hw, nMax, count, areaA, areaB)
                .launch(OffsetAssignKernel.INSTANCE, dim, track.center(), track.normal(), hw, nMax, count, areaA, areaB,
                        track.outer(), track.inner())
                .launch(ValidityKernel.INSTANCE, e, track.center(), count, genValid, track.normal(), track.outer(),
                        track.inner(),
                        nMax, hw, config.get(PipelineKnobs.TURNING_TOL).floatValue(),
                        config.get(PipelineKnobs.W_FLOOR).floatValue(), config.get(PipelineKnobs.RELAX_TOL).floatValue(),
                        boxes, track.valid())
                .build();
    }

    /** @return the stage's launches */
    public LaunchPlan plan() {
        return plan;
    }
}
