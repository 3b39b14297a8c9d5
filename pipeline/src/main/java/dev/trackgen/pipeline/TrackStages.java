package dev.trackgen.pipeline;

import dev.trackgen.api.Track;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.inflate.Bridges;
import dev.trackgen.pipeline.inflate.Elevation;
import dev.trackgen.pipeline.inflate.Inflation;
import dev.trackgen.pipeline.relax.XpbdRelaxation;
import dev.trackgen.pipeline.resample.ConstantSpacingResample;

/**
 * The stages after the centerlines exist, bound once into one launch plan:
 * {@code constant-spacing resample -> XPBD relax -> inflate -> elevation} (then bridges, when
 * {@code bridge_clearance > 0}). Shared by {@link TrackGenerator}
 * (generated centerlines) and {@link CenterlinePipeline} (centerlines given by the caller), so both
 * run exactly the same launches.
 */
final class TrackStages {
    private final Vec2Array spaced;
    private final Vec2Array relaxed;
    private final LaunchPlan plan;

    /**
     * Allocates the stages' buffers and binds their launches.
     *
     * <p>Without {@code keepIntermediates} the constant-spacing and relaxed centerlines live in
     * the output's {@code outer} and {@code inner} rows: each env's rows are read by the inflation
     * before its offset step writes the borders there (per launch on a device, per env in the
     * fused host inflation), so the results are the same and the stage keeps no
     * {@code [E * N_max]} array of its own.
     *
     * @param runtime     where arrays live
     * @param config      the configuration (batch size, N_max, spacing, relax and validity knobs)
     * @param n           points per input centerline
     * @param centerlines {@code [E * n]} closed input centerlines
     * @param flags       {@code [E]} input flags (1 usable); cleared for truncated tracks
     * @param track       the output batch
     * @param keepIntermediates whether the constant-spacing and relaxed centerlines get arrays
     *                    of their own that outlive the call ({@link #spaced()}, {@link #relaxed()})
     * @param seeds       {@code [E]} per-env seeds of the elevation stage's random profiles
     * @throws RuntimeUnavailableException if the runtime has no body for a pipeline kernel (a CUDA
     *         build without kernels)
     */
    TrackStages(ComputeRuntime runtime, TrackGenConfig config, int n, Vec2Array centerlines, I32Array flags,
                Track track, boolean keepIntermediates, I32Array seeds) {
        this(runtime, config, n, centerlines, flags, track, keepIntermediates, seeds, null, null);
    }

    /**
     * As {@link #TrackStages(ComputeRuntime, TrackGenConfig, int, Vec2Array, I32Array, Track, boolean, I32Array)},
     * with the per-point half-widths taken from a caller's width profile ({@code [E * n]} each
     * side, at the arc-length fractions {@code k / n} of each input loop; both null for the
     * configuration's {@code width_profile}).
     */
    TrackStages(ComputeRuntime runtime, TrackGenConfig config, int n, Vec2Array centerlines, I32Array flags,
                Track track, boolean keepIntermediates, I32Array seeds, F32Array profileLeft, F32Array profileRight) {
        int e = config.numEnvs();
        int nMax = config.nMax();
        this.spaced = keepIntermediates ? runtime.allocVec2(e * nMax) : track.outer();
        LaunchPlan.Builder b = LaunchPlan.builder();
        b.append(new ConstantSpacingResample(runtime, e, n, (float) config.spacing(), nMax, centerlines, spaced,
                track.count(), flags).plan());
        if (config.get(PipelineKnobs.RELAX_ENABLE)) {
            this.relaxed = keepIntermediates ? runtime.allocVec2(e * nMax) : track.inner();
            b.append(new XpbdRelaxation(runtime, config, spaced, track.count(), relaxed).plan());
        } else {
            this.relaxed = spaced;
        }
        b.append(new Inflation(runtime, config, relaxed, flags, track, profileLeft, profileRight, n).plan());
        b.append(new Elevation(runtime, config, seeds, track).plan());
        if (Bridges.enabled(config)) {
            b.append(new Bridges(runtime, config, flags, track).plan());
        }
        this.plan = b.build();
        for (Kernel k : plan.kernels()) {
            if (!runtime.supports(k)) {
                throw new RuntimeUnavailableException("runtime '" + runtime.name() + "' has no body for the "
                        + "pipeline kernel " + k.name() + " (module " + k.cudaModule() + "); was it built without "
                        + "kernels?");
            }
        }
    }

    /**
     * @return {@code [E * N_max]} constant-spacing centerlines, NaN-padded (without kept
     *         intermediates, the output's {@code outer} array: overwritten by the inflation)
     */
    Vec2Array spaced() {
        return spaced;
    }

    /** @return {@code [E * N_max]} relaxed centerlines ({@link #spaced()} when relaxation is off) */
    Vec2Array relaxed() {
        return relaxed;
    }

    /** @return the launches of the three stages */
    LaunchPlan plan() {
        return plan;
    }
}
