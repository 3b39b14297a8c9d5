package dev.trackgen.course.profile;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.TrackPart;

import java.util.Objects;
import dev.trackgen.course.kernel.CurvatureKernel;
import dev.trackgen.course.kernel.SpeedProfileKernel;

/**
 * Signed curvature and the racing speed profile of every centerline point of a batch, computed
 * once per generation by {@link #compute()} into two persistent arrays on the track's runtime.
 *
 * <p>{@link #curvature()} ({@code [E * N_max]}, 1/world units) is positive where the loop turns
 * counter-clockwise: a counter-clockwise circle of radius {@code R} gives {@code +1/R}, a clockwise
 * one {@code -1/R} (see {@link CurvatureKernel}). {@link #speed()} ({@code [E * N_max]}, world
 * units per second) is the classic three-pass profile (see {@link SpeedProfileKernel}): the
 * lateral-acceleration limit {@code sqrt(aLat / |kappa|)} capped at {@code vCap}, then an
 * acceleration pass forward and a braking pass backward around the closed loop. Both are NaN past
 * {@code count[e]}; values on invalid envs carry no promise.
 *
 * <p>{@link #compute()} launches two kernels, allocates nothing and can be captured; call it
 * after every {@code generate()}. Pair {@code TrackFrame.segment()} with these arrays to read the
 * curvature or target speed at an agent.
 */
public final class SpeedProfile extends TrackPart<SpeedProfile> {
    private final F32Array kappa;
    private final F32Array speed;
    private final double aLat;
    private final double aAccel;
    private final double aBrake;
    private final double vCap;
    private final int window;

    private SpeedProfile(Builder b) {
        super(b.track);
        this.aLat = b.aLat;
        this.aAccel = b.aAccel;
        this.aBrake = b.aBrake;
        this.vCap = b.vCap;
        this.window = b.window;
        int points = track.numEnvs() * track.nMax();
        this.kappa = runtime.allocF32(points);
        this.speed = runtime.allocF32(points);
        KernelArgs k = CurvatureKernel.INSTANCE.args().center(track.center()).count(track.count()).nMax(track.nMax())
                .window(window).kappa(kappa);
        KernelArgs v = SpeedProfileKernel.INSTANCE.args().kappa(kappa).arclen(track.arclen()).length(track.length())
                .count(track.count()).nMax(track.nMax()).aLat((float) aLat).aAccel((float) aAccel)
                .aBrake((float) aBrake).vCap((float) vCap).speed(speed);
        this.plan = LaunchPlan.builder().launch(points, k)
                .launch(track.numEnvs(), v).build();
    }

    /**
     * @param track the batch (read at every {@link #compute()})
     * @return a builder with the defaults {@code aLat = 6}, {@code aAccel = 3}, {@code aBrake = 5},
     *     {@code vCap = 4} (world units and seconds) and a curvature smoothing window of 2
     */
    public static Builder builder(Track track) {
        return new Builder(track);
    }

    /** @return signed curvature, {@code [E * N_max]}, 1/world units */
    public F32Array curvature() {
        return kappa;
    }

    /** @return target speed, {@code [E * N_max]}, world units per second */
    public F32Array speed() {
        return speed;
    }

    /** @return the lateral acceleration limit */
    public double aLat() {
        return aLat;
    }

    /** @return the forward acceleration limit */
    public double aAccel() {
        return aAccel;
    }

    /** @return the braking deceleration limit */
    public double aBrake() {
        return aBrake;
    }

    /** @return the speed cap */
    public double vCap() {
        return vCap;
    }

    /** @return the curvature smoothing half-window, in points */
    public int window() {
        return window;
    }

    /** Configures a {@link SpeedProfile}; checks happen in {@link #build()}. */
    public static final class Builder {
        private final Track track;
        private double aLat = 6.0;
        private double aAccel = 3.0;
        private double aBrake = 5.0;
        private double vCap = 4.0;
        private int window = 2;

        private Builder(Track track) {
            this.track = Objects.requireNonNull(track, "track");
        }

        /**
         * @param aLat lateral acceleration limit, world units / s^2, {@code > 0}
         * @return this builder
         */
        public Builder lateralAcceleration(double aLat) {
            this.aLat = aLat;
            return this;
        }

        /**
         * @param aAccel forward acceleration limit, world units / s^2, {@code > 0}
         * @return this builder
         */
        public Builder acceleration(double aAccel) {
            this.aAccel = aAccel;
            return this;
        }

        /**
         * @param aBrake braking deceleration limit, world units / s^2, {@code > 0}
         * @return this builder
         */
        public Builder braking(double aBrake) {
            this.aBrake = aBrake;
            return this;
        }

        /**
         * @param vCap speed cap, world units / s, {@code > 0}
         * @return this builder
         */
        public Builder speedCap(double vCap) {
            this.vCap = vCap;
            return this;
        }

        /**
         * @param window curvature smoothing half-window in points, {@code >= 0} (0: raw Menger
         *               curvature; the mean of {@code 2 * window + 1} points otherwise)
         * @return this builder
         */
        public Builder curvatureWindow(int window) {
            this.window = window;
            return this;
        }

        /**
         * @return the profile (not yet computed: call {@link SpeedProfile#compute()})
         * @throws IllegalArgumentException naming the first bad parameter
         */
        public SpeedProfile build() {
            positive("lateral acceleration", aLat);
            positive("acceleration", aAccel);
            positive("braking", aBrake);
            positive("speed cap", vCap);
            if (window < 0 || window > 1000) {
                throw new IllegalArgumentException("curvature window must be in [0, 1000] points, got " + window);
            }
            return new SpeedProfile(this);
        }

        private static void positive(String what, double v) {
            if (!(v > 0) || Double.isInfinite(v) || (float) v == 0.0f) {
                throw new IllegalArgumentException(what + " must be a finite number > 0, got " + v);
            }
        }
    }
}
