package dev.trackgen.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Runs centerlines given by the caller, instead of a generator's, through the same stages as
 * {@link TrackGenerator}: {@code constant-spacing resample -> XPBD relax -> inflate -> Track}.
 * Use it to bring real circuits or hand-made loops into the {@link Track} layout with the
 * pipeline's guarantees (constant spacing, relaxed self-approaches, inflated borders, validity).
 *
 * <p>Each call takes {@code E} closed centerlines of {@code n} points each, as interleaved
 * {@code (x, y)} floats, env {@code e}'s loop at float index {@code 2 * e * n} (without repeating
 * the first point at the end), and optional per-env flags: an env flagged 0 comes out invalid
 * whatever its shape. Centerlines of different point counts go through separate pipelines.
 * Nothing is repaired up front: the caller decides what input to refuse (a self-crossing
 * centerline, say) and flags it 0 or does not pass it at all.
 *
 * <p>The knobs used are those after generation: {@code num_envs}, {@code N_max} (size it from the
 * longest loop: {@code N_max >= perimeter / spacing + 1}, else the track is truncated and
 * invalid), {@code half_width}, {@code spacing}, the {@code relax_*} knobs and the validity gate.
 * Generator knobs and {@code num_points} are ignored. As in {@link TrackGenerator}, the
 * {@link Track} is allocated once and rewritten by every call, calls allocate nothing, and every
 * call runs eagerly under the runtime's execution lock.
 *
 * <pre>{@code
 * TrackGenConfig config = TrackGenConfig.builder().halfWidth(5.0).nMax(2048).build();
 * try (CenterlinePipeline p = new CenterlinePipeline(config, points.length / 2, runtime)) {
 *     Track track = p.run(points);          // one loop of points.length / 2 points
 *     TrackSnapshot host = track.snapshot();
 * }
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1.0")
public final class CenterlinePipeline implements AutoCloseable {
    private final TrackGenConfig config;
    private final int pointsPerCenterline;
    private final ComputeRuntime runtime;
    /** The runtime's execution lock, held for every public call. */
    private final LockScope exclusive;
    private final boolean ownsRuntime;
    private final Track track;
    private final Vec2Array input;
    private final I32Array flags;
    private final int[] hostFlags;
    private final TrackStages stages;
    /** {@code [E * n]} left and right half-widths at equal arc fractions of each input loop, or null. */
    private final F32Array profileLeft;
    private final F32Array profileRight;
    private final float[] hostLeft;
    private final float[] hostRight;
    private final double[] arc;
    private boolean closed;

    /**
     * Builds the stages on a runtime the caller owns (and closes).
     *
     * @param config              the configuration ({@code num_envs}, {@code N_max}, half-width,
     *                            spacing, relax and validity knobs)
     * @param pointsPerCenterline points of every input centerline, {@code >= 3}
     * @param runtime             the runtime to run on
     * @throws NullPointerException     if the config or runtime is null
     * @throws IllegalArgumentException if fewer than 3 points per centerline
     */
    public CenterlinePipeline(TrackGenConfig config, int pointsPerCenterline, ComputeRuntime runtime) {
        this(config, pointsPerCenterline, runtime, false, false);
    }

    /**
     * Builds the stages on a runtime the caller owns (and closes), optionally taking per-point
     * half-widths with the loops ({@link #run(float[], float[], float[], int[])}).
     *
     * @param config              the configuration
     * @param pointsPerCenterline points of every input centerline, {@code >= 3}
     * @param runtime             the runtime to run on
     * @param perPointWidths      whether calls pass the left and right half-width of every input
     *                            point; the output's widths then follow them (by arc-length
     *                            fraction, linearly interpolated), else the configuration's
     *                            {@code width_profile} decides
     * @throws NullPointerException     if the config or runtime is null
     * @throws IllegalArgumentException if fewer than 3 points per centerline
     */
    public CenterlinePipeline(TrackGenConfig config, int pointsPerCenterline, ComputeRuntime runtime,
                              boolean perPointWidths) {
        this(config, pointsPerCenterline, runtime, false, perPointWidths);
    }

    /**
     * Builds the stages on a runtime that the pipeline then owns and closes.
     *
     * @param config              the configuration
     * @param pointsPerCenterline points of every input centerline, {@code >= 3}
     * @param runtime             the runtime to run on, closed with the pipeline (also when this throws)
     * @return the pipeline
     * @throws NullPointerException     if the config or runtime is null
     * @throws IllegalArgumentException if fewer than 3 points per centerline
     */
    public static CenterlinePipeline owning(TrackGenConfig config, int pointsPerCenterline, ComputeRuntime runtime) {
        return new CenterlinePipeline(config, pointsPerCenterline, runtime, true, false);
    }

    /**
     * Builds the stages on a runtime that the pipeline then owns and closes, optionally taking
     * per-point half-widths with the loops.
     *
     * @param config              the configuration
     * @param pointsPerCenterline points of every input centerline, {@code >= 3}
     * @param runtime             the runtime to run on, closed with the pipeline (also when this throws)
     * @param perPointWidths      whether calls pass per-point half-widths
     *                            ({@link #CenterlinePipeline(TrackGenConfig, int, ComputeRuntime, boolean)})
     * @return the pipeline
     * @throws NullPointerException     if the config or runtime is null
     * @throws IllegalArgumentException if fewer than 3 points per centerline
     */
    public static CenterlinePipeline owning(TrackGenConfig config, int pointsPerCenterline, ComputeRuntime runtime,
                                            boolean perPointWidths) {
        return new CenterlinePipeline(config, pointsPerCenterline, runtime, true, perPointWidths);
    }

    private CenterlinePipeline(TrackGenConfig config, int points, ComputeRuntime runtime, boolean ownsRuntime,
                               boolean perPointWidths) {
        this.runtime = Objects.requireNonNull(runtime, "runtime must not be null");
        this.exclusive = new LockScope(runtime.executionLock());
        this.ownsRuntime = ownsRuntime;
        try {
            this.config = Objects.requireNonNull(config, "config must not be null");
            if (points < 3) {
                throw new IllegalArgumentException("a closed centerline needs at least 3 points, got " + points);
            }
            this.pointsPerCenterline = points;
            int e = config.numEnvs();
            this.track = Track.allocate(runtime, e, config.nMax());
            this.input = runtime.allocVec2(Math.multiplyExact(e, points));
            this.flags = runtime.allocI32(e);
            this.hostFlags = new int[e];
            if (perPointWidths) {
                this.profileLeft = runtime.allocF32(Math.multiplyExact(e, points));
                this.profileRight = runtime.allocF32(Math.multiplyExact(e, points));
                this.hostLeft = new float[e * points];
                this.hostRight = new float[e * points];
                this.arc = new double[points + 1];
            } else {
                this.profileLeft = null;
                this.profileRight = null;
                this.hostLeft = null;
                this.hostRight = null;
                this.arc = null;
            }
            // no RNG here: env e's random elevation profile draws from seed e
            I32Array seeds = runtime.allocI32(e);
            int[] envIndex = new int[e];
            for (int i = 0; i < e; i++) {
                envIndex[i] = i;
            }
            runtime.upload(envIndex, seeds);
            this.stages = new TrackStages(runtime, config, points, input, flags, track, true, seeds, profileLeft,
                    profileRight);
        } catch (RuntimeException ex) {
            if (ownsRuntime) {
                runtime.close();
            }
            throw ex;
        }
    }

    /**
     * Runs the stages on centerlines that are all usable.
     *
     * @param centerlines {@code 2 * E * n} floats: E closed loops of n interleaved points
     * @return the persistent {@link Track}, the same instance on every call
     * @throws IllegalArgumentException if the array has the wrong length
     * @throws IllegalStateException    if this pipeline is closed
     */
    public Track run(float[] centerlines) {
        Arrays.fill(hostFlags, 1);
        return runWith(centerlines, hostFlags);
    }

    /**
     * Runs the stages; an env whose flag is 0 comes out invalid.
     *
     * @param centerlines {@code 2 * E * n} floats: E closed loops of n interleaved points
     * @param usable      {@code [E]} flags, 1 for a usable input, 0 to mark an env invalid
     * @return the persistent {@link Track}, the same instance on every call
     * @throws IllegalArgumentException if an array has the wrong length
     * @throws IllegalStateException    if this pipeline is closed
     */
    public Track run(float[] centerlines, int[] usable) {
        if (usable.length != config.numEnvs()) {
            throw new IllegalArgumentException("usable has " + usable.length + " flags but num_envs is "
                    + config.numEnvs());
        }
        return runWith(centerlines, usable);
    }

    /**
     * Runs the stages on loops with their own half-widths (a pipeline built with
     * {@code perPointWidths}); an env whose flag is 0 comes out invalid. Each output point's
     * half-widths are the input's at the same fraction of the loop's arc length (the widths of the
     * two input points around it, interpolated linearly along the input loop).
     *
     * @param centerlines {@code 2 * E * n} floats: E closed loops of n interleaved points
     * @param left        {@code [E * n]} half-widths on the {@code +normal} (left) side of each
     *                    input point, world units, positive
     * @param right       {@code [E * n]} half-widths on the {@code -normal} (right) side
     * @param usable      {@code [E]} flags, 1 for a usable input, 0 to mark an env invalid
     * @return the persistent {@link Track}, the same instance on every call
     * @throws IllegalArgumentException if an array has the wrong length
     * @throws IllegalStateException    if this pipeline was built without {@code perPointWidths}, or is closed
     */
    public Track run(float[] centerlines, float[] left, float[] right, int[] usable) {
        if (profileLeft == null) {
            throw new IllegalStateException("this CenterlinePipeline was built without perPointWidths; build it with "
                    + "new CenterlinePipeline(config, n, runtime, true) to pass half-widths");
        }
        int e = config.numEnvs();
        int n = pointsPerCenterline;
        if (left.length != e * n || right.length != e * n) {
            throw new IllegalArgumentException("expected " + (e * n) + " half-widths per side (" + e + " loops of " + n
                    + " points), got " + left.length + " and " + right.length);
        }
        if (usable.length != e) {
            throw new IllegalArgumentException("usable has " + usable.length + " flags but num_envs is " + e);
        }
        if (centerlines.length != 2L * e * n) {
            throw new IllegalArgumentException("expected " + (2L * e * n) + " floats (" + e + " loops of " + n
                    + " points), got " + centerlines.length);
        }
        try (LockScope held = exclusive.acquire()) {
            for (int k = 0; k < e; k++) {
                WidthProfiles.atArcFractions(centerlines, left, right, k * n, n, arc, hostLeft, hostRight);
            }
            return runWith(centerlines, usable, true);
        }
    }

    private Track runWith(float[] centerlines, int[] usable) {
        return runWith(centerlines, usable, false);
    }

    private Track runWith(float[] centerlines, int[] usable, boolean widthsGiven) {
        long expected = 2L * config.numEnvs() * pointsPerCenterline;
        if (centerlines.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " floats (" + config.numEnvs() + " loops of "
                    + pointsPerCenterline + " points), got " + centerlines.length);
        }
        try (LockScope held = exclusive.acquire()) {
            if (closed) {
                throw new IllegalStateException("this CenterlinePipeline is closed");
            }
            if (profileLeft != null) {
                if (!widthsGiven) {
                    // no widths with this call: every point at half_width (the constant default)
                    Arrays.fill(hostLeft, (float) config.halfWidth());
                    Arrays.fill(hostRight, (float) config.halfWidth());
                }
                runtime.upload(hostLeft, profileLeft);
                runtime.upload(hostRight, profileRight);
            }
            runtime.upload(centerlines, input);
            runtime.upload(usable, flags);
            stages.plan().enqueue(runtime);
            runtime.synchronize();
            return track;
        }
    }

    /** @return the persistent output batch */
    public Track track() {
        return track;
    }

    /** @return the configuration */
    public TrackGenConfig config() {
        return config;
    }

    /** @return the points of every input centerline */
    public int pointsPerCenterline() {
        return pointsPerCenterline;
    }

    /** @return the runtime the stages run on */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /**
     * The intermediate buffers of the last call, for diagnostics and metrics; {@code generated}
     * holds the input centerlines ({@code [E * n]}).
     *
     * @return the input, constant-spacing and relaxed centerlines
     */
    public TrackGenerator.Intermediates intermediates() {
        return new TrackGenerator.Intermediates(input, stages.spaced(), stages.relaxed());
    }

    /** Releases the runtime if this pipeline owns it ({@link #owning}). */
    @Override
    public void close() {
        boolean wasOpen;
        try (LockScope held = exclusive.acquire()) {
            wasOpen = !closed;
            closed = true;
        }
        if (wasOpen && ownsRuntime) {
            runtime.close();
        }
    }
}
