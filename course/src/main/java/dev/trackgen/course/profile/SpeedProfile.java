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
 * <p>With {@link Builder#grade} the profile runs on the road's surface (heights
 * {@code Track.centerZ()}, banks {@code Track.bank()}): along the 3D arc length, with gravity's
 * share {@code g dz / ds} taken from the acceleration and given to the braking, and the
 * banked-curve lateral limit {@code g (mu cos b + sin b) / (cos b - mu sin b)} ({@code mu = aLat / g},
 * {@code b} the bank towards the turn; point-mass mechanics of the inclined plane and the banked
 * curve, e.g. Halliday, Resnick and Walker, "Fundamentals of Physics"); see
 * {@link SpeedProfileKernel}. Off by default: the plan-view profile, bit for bit as before.
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
    private final double gravity;

    private SpeedProfile(Builder b) {
        super(b.track);
        this.aLat = b.aLat;
        this.aAccel = b.aAccel;
        this.aBrake = b.aBrake;
        this.vCap = b.vCap;
        this.window = b.window;
        this.gravity = b.gravity;
        boolean lifted = gravity > 0;
        int points = track.numEnvs() * track.nMax();
        this.kappa = runtime.allocF32(points);
        this.speed = runtime.allocF32(points);
        KernelArgs k = CurvatureKernel.INSTANCE.args().center(track.center()).count(track.count()).nMax(track.nMax())
                .window(window).kappa(kappa);
        KernelArgs v = SpeedProfileKernel.INSTANCE.args().kappa(kappa)
                .arclen(lifted ? track.arclen3d() : track.arclen()).length(lifted ? track.length3d() : track.length())
                .count(track.count()).nMax(track.nMax()).aLat((float) aLat).aAccel((float) aAccel)
                .aBrake((float) aBrake).vCap((float) vCap).z(track.centerZ()).bank(track.bank())
                .gravity((float) gravity).speed(speed);
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

    /** @return the gravity of the grade-aware profile, world units / s^2, or 0 for the plan-view one */
    public double gravity() {
        return gravity;
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
        private double gravity;

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
         * Makes the profile account for the road's grade and banking (see {@link SpeedProfile} and
         * {@link SpeedProfileKernel}): 3D arc length ({@code Track.arclen3d()}), {@code v^2} losing
         * {@code 2 g dz} to a climb when accelerating and gaining it when braking, and the banked
         * lateral limit. Left out: the {@code cos(grade)} share of the normal load, crests and dips.
         * On a flat, unbanked track the profile equals the plan-view one bit for bit.
         *
         * @param gravity gravity in the profile's units, world units / s^2, {@code > 0}, or 0
         *                (the default) for the plan-view profile
         * @return this builder
         */
        public Builder grade(double gravity) {
            this.gravity = gravity;
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
            if (!(gravity == 0 || gravity > 0 && Double.isFinite(gravity) && (float) gravity > 0.0f)) {
                throw new IllegalArgumentException("grade gravity must be 0 (plan view) or a finite number > 0"
                        + " (world units / s^2), got " + gravity);
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
