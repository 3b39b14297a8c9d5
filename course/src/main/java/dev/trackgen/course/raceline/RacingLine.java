package dev.trackgen.course.raceline;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.TrackPart;
import dev.trackgen.course.kernel.CurvatureKernel;
import dev.trackgen.course.kernel.RacelineKernels;
import dev.trackgen.course.kernel.RacelineSolveKernel;
import dev.trackgen.course.kernel.RacelineSpeedKernel;

import java.util.Objects;

/**
 * The minimum-curvature racing line of every env of a batch, with its friction-circle speed
 * profile and lap time, and the same profile on the centerline for comparison; a {@link TrackPart}
 * computed once per generation by {@link #compute()} into persistent arrays on the track's
 * runtime.
 *
 * <p>The line (Heilmeier et al., "Minimum curvature trajectory planning and control for an
 * autonomous race car", Vehicle System Dynamics, 2020; TUM's global_racetrajectory_optimization)
 * is the closed line through lateral offsets {@code alpha_i} along the centerline normals,
 * inside the road less a vehicle margin on each side, whose summed squared curvature (the
 * integral of {@code kappa^2} over arc length) is least: a quadratic program on a cyclic banded
 * system, linearized around the current line {@link Builder#linearizations} times and solved by
 * {@link Builder#sweeps} ADMM sweeps per linearization ({@code RacelineSolveKernel}). The speed
 * profile is the forward-backward pass of a point mass under a friction circle
 * ({@link VehicleModel}; {@code RacelineSpeedKernel}); the line's curvature is the signed Menger
 * curvature of its points (the kernel of {@code SpeedProfile.curvature()}, unsmoothed); in the
 * plan view by default, on the road's heights and banks with {@link Builder#grade}.
 *
 * <p>Arrays, all NaN past {@code count[e]} and on envs with fewer than 8 points; values on invalid
 * envs carry no promise:
 * <ul>
 *   <li>{@link #line()} {@code [E * N_max]} float pairs, world units: the line's point at each
 *       centerline index;</li>
 *   <li>{@link #offset()} {@code [E * N_max]}, world units: signed lateral offset from the
 *       centerline, positive along {@code Track.normal()} (to the left of travel);</li>
 *   <li>{@link #curvature()} {@code [E * N_max]}, 1/world units, positive turning
 *       counter-clockwise; {@link #heading()} {@code [E * N_max]}, radians, 0 along +x,
 *       counter-clockwise; {@link #arclen()} {@code [E * N_max]} and {@link #length()} {@code [E]},
 *       world units, along the line;</li>
 *   <li>{@link #speed()} m/s and {@link #acceleration()} m/s^2 {@code [E * N_max]};
 *       {@link #lapTime()} {@code [E]}, seconds;</li>
 *   <li>{@link #residual()} {@code [E]}: the solver's last ADMM primal residual, world units;</li>
 *   <li>{@link #centerCurvature()}, {@link #centerSpeed()}, {@link #centerAcceleration()}
 *       {@code [E * N_max]} and {@link #centerLapTime()} {@code [E]}: the same profile on the
 *       centerline.</li>
 * </ul>
 *
 * <p>The corridor at point {@code i} is {@code [-(right_i - margin), left_i - margin]} along
 * {@code Track.normal()}, from the track's per-point half-widths ({@code Track.leftHalfWidth()},
 * {@code Track.rightHalfWidth()}, read at every {@link #compute()}); where a point's road is
 * narrower than twice the margin ({@code left_i + right_i < 2 margin}) the corridor collapses to
 * the midpoint of its two limits, {@code (left_i - right_i) / 2}, and the line passes there.
 *
 * <p>{@link #compute()} is one fixed launch plan (five launches), allocates nothing and can be
 * captured; call it after every {@code generate()}.
 */
public final class RacingLine extends TrackPart<RacingLine> {
    private final double halfWidth;
    private final double margin;
    private final int linearizations;
    private final int sweeps;
    private final double rho;
    private final VehicleModel vehicle;
    private final boolean grade;
    private final F32Array offset;
    private final Vec2Array line;
    private final F32Array kappa;
    private final F32Array heading;
    private final F32Array arclen;
    private final F32Array length;
    private final F32Array residual;
    private final F32Array speed;
    private final F32Array accel;
    private final F32Array lapTime;
    private final F32Array centerKappa;
    private final F32Array centerSpeed;
    private final F32Array centerAccel;
    private final F32Array centerLapTime;

    private RacingLine(Builder b) {
        super(b.track);
        this.halfWidth = b.halfWidth;
        this.margin = b.margin;
        this.linearizations = b.linearizations;
        this.sweeps = b.sweeps;
        this.rho = b.rho;
        this.vehicle = b.vehicle;
        this.grade = b.grade;
        int envs = track.numEnvs();
        int nMax = track.nMax();
        int points = envs * nMax;
        F32Array work = runtime.allocF32(envs * RacelineKernels.SOLVER_SLOTS * nMax);
        this.offset = runtime.allocF32(points);
        this.line = runtime.allocVec2(points);
        this.kappa = runtime.allocF32(points);
        this.heading = runtime.allocF32(points);
        this.arclen = runtime.allocF32(points);
        this.length = runtime.allocF32(envs);
        this.residual = runtime.allocF32(envs);
        this.speed = runtime.allocF32(points);
        this.accel = runtime.allocF32(points);
        this.lapTime = runtime.allocF32(envs);
        this.centerKappa = runtime.allocF32(points);
        this.centerSpeed = runtime.allocF32(points);
        this.centerAccel = runtime.allocF32(points);
        this.centerLapTime = runtime.allocF32(envs);
        float aLat = (float) vehicle.aLat();
        float aAccel = (float) vehicle.aAccel();
        float aBrake = (float) vehicle.aBrake();
        float vMax = (float) vehicle.vMax();
        float scale = (float) vehicle.worldScale();
        int lineLift = grade ? RacelineSpeedKernel.OFFSET : RacelineSpeedKernel.PLAN;
        int centerLift = grade ? RacelineSpeedKernel.CENTER : RacelineSpeedKernel.PLAN;
        float gravity = grade ? (float) VehicleModel.G : 0.0f;
        this.plan = LaunchPlan.builder()
                .launch(envs, RacelineSolveKernel.INSTANCE.args().center(track.center()).normal(track.normal())
                        .count(track.count()).nMax(nMax).left(track.leftHalfWidth()).right(track.rightHalfWidth())
                        .margin((float) margin).outer(linearizations).inner(sweeps).rhoScale((float) rho).work(work)
                        .offset(offset).line(line).heading(heading).arclen(arclen).length(length).residual(residual))
                .launch(points, CurvatureKernel.INSTANCE.args().center(line).count(track.count()).nMax(nMax).window(0)
                        .kappa(kappa))
                .launch(envs, RacelineSpeedKernel.INSTANCE.args().points(line).kappa(kappa).count(track.count())
                        .nMax(nMax).aLat(aLat).aAccel(aAccel).aBrake(aBrake).vMax(vMax).scale(scale)
                        .z(track.centerZ()).bank(track.bank()).offset(offset).lift(lineLift).gravity(gravity)
                        .speed(speed).accel(accel).lapTime(lapTime))
                .launch(points, CurvatureKernel.INSTANCE.args().center(track.center()).count(track.count()).nMax(nMax)
                        .window(0).kappa(centerKappa))
                .launch(envs, RacelineSpeedKernel.INSTANCE.args().points(track.center()).kappa(centerKappa)
                        .count(track.count()).nMax(nMax).aLat(aLat).aAccel(aAccel).aBrake(aBrake).vMax(vMax)
                        .scale(scale).z(track.centerZ()).bank(track.bank()).offset(offset).lift(centerLift)
                        .gravity(gravity).speed(centerSpeed).accel(centerAccel).lapTime(centerLapTime))
                .build();
    }

    /**
     * @param track the batch (read at every {@link #compute()})
     * @return a builder; {@link Builder#halfWidth} must be set
     */
    public static Builder builder(Track track) {
        return new Builder(track);
    }

    /**
     * Copies the arrays to the host (allocates; not for the hot path), under the runtime's
     * execution lock.
     *
     * @return the host copy
     */
    public RacelineSnapshot snapshot() {
        java.util.concurrent.locks.Lock lock = runtime.executionLock();
        lock.lock();
        try {
            int points = track.numEnvs() * track.nMax();
            int envs = track.numEnvs();
            float[] l = new float[2 * points];
            runtime.download(line, l);
            return new RacelineSnapshot(envs, track.nMax(), host(track.count(), envs), l, host(offset, points),
                    host(kappa, points), host(heading, points), host(arclen, points), host(length, envs),
                    host(speed, points), host(accel, points), host(lapTime, envs), host(centerSpeed, points),
                    host(centerLapTime, envs), vehicle.worldScale());
        } finally {
            lock.unlock();
        }
    }

    private float[] host(F32Array a, int n) {
        float[] out = new float[n];
        runtime.download(a, out);
        return out;
    }

    private int[] host(dev.trackgen.api.runtime.I32Array a, int n) {
        int[] out = new int[n];
        runtime.download(a, out);
        return out;
    }

    /** @return the line's points, {@code [E * N_max]} float pairs, world units */
    public Vec2Array line() {
        return line;
    }

    /** @return signed lateral offset from the centerline along its normal, {@code [E * N_max]}, world units */
    public F32Array offset() {
        return offset;
    }

    /** @return the line's signed curvature, {@code [E * N_max]}, 1/world units */
    public F32Array curvature() {
        return kappa;
    }

    /** @return the line's heading, {@code [E * N_max]}, radians from +x, counter-clockwise */
    public F32Array heading() {
        return heading;
    }

    /** @return arc length along the line at each point, {@code [E * N_max]}, world units */
    public F32Array arclen() {
        return arclen;
    }

    /** @return the closed line's length, {@code [E]}, world units */
    public F32Array length() {
        return length;
    }

    /** @return the line's speed profile, {@code [E * N_max]}, m/s */
    public F32Array speed() {
        return speed;
    }

    /** @return longitudinal acceleration from each point to the next, {@code [E * N_max]}, m/s^2 */
    public F32Array acceleration() {
        return accel;
    }

    /** @return the lap time on the line, {@code [E]}, seconds */
    public F32Array lapTime() {
        return lapTime;
    }

    /** @return the solver's last ADMM primal residual, {@code [E]}, world units */
    public F32Array residual() {
        return residual;
    }

    /** @return the centerline's signed curvature, {@code [E * N_max]}, 1/world units */
    public F32Array centerCurvature() {
        return centerKappa;
    }

    /** @return the centerline's speed profile, {@code [E * N_max]}, m/s */
    public F32Array centerSpeed() {
        return centerSpeed;
    }

    /** @return the centerline's longitudinal acceleration, {@code [E * N_max]}, m/s^2 */
    public F32Array centerAcceleration() {
        return centerAccel;
    }

    /** @return the lap time on the centerline, {@code [E]}, seconds */
    public F32Array centerLapTime() {
        return centerLapTime;
    }

    /** @return the nominal half-width (the default margin is a quarter of it), world units */
    public double halfWidth() {
        return halfWidth;
    }

    /** @return the margin kept from each border, world units */
    public double vehicleMargin() {
        return margin;
    }

    /** @return linearizations (outer iterations) */
    public int linearizations() {
        return linearizations;
    }

    /** @return ADMM sweeps per linearization */
    public int sweeps() {
        return sweeps;
    }

    /** @return the ADMM penalty scale (see {@link Builder#rho}) */
    public double rho() {
        return rho;
    }

    /** @return the vehicle model of the speed profiles */
    public VehicleModel vehicle() {
        return vehicle;
    }

    /** @return whether the speed profiles account for the road's grade and banking ({@link Builder#grade}) */
    public boolean grade() {
        return grade;
    }

    /** Configures a {@link RacingLine}; checks happen in {@link #build()}. */
    public static final class Builder {
        /** Default linearizations. */
        public static final int DEFAULT_LINEARIZATIONS = 3;
        /** Default ADMM sweeps per linearization. */
        public static final int DEFAULT_SWEEPS = 22;
        /** Default ADMM penalty scale. */
        public static final double DEFAULT_RHO = 2.0;

        private final Track track;
        private double halfWidth = Double.NaN;
        private double margin = Double.NaN;
        private int linearizations = DEFAULT_LINEARIZATIONS;
        private int sweeps = DEFAULT_SWEEPS;
        private double rho = DEFAULT_RHO;
        private VehicleModel vehicle = VehicleModel.DEFAULT;
        private boolean grade;

        private Builder(Track track) {
            this.track = Objects.requireNonNull(track, "track");
        }

        /**
         * @param halfWidth the batch's nominal half-width ({@code TrackGenConfig.halfWidth()}), world
         *                  units, {@code > 0} (required): it sets the default margin and the margin's
         *                  range; the corridor itself comes from the track's per-point
         *                  {@code leftHalfWidth()} and {@code rightHalfWidth()}
         * @return this builder
         */
        public Builder halfWidth(double halfWidth) {
            this.halfWidth = halfWidth;
            return this;
        }

        /**
         * @param margin distance the line keeps from each border, world units, in
         *               {@code [0, halfWidth)} (default {@code halfWidth / 4}); about half the
         *               vehicle's width plus a safety distance
         * @return this builder
         */
        public Builder vehicleMargin(double margin) {
            this.margin = margin;
            return this;
        }

        /**
         * @param n linearizations of the curvature around the current line, in {@code [1, 100]}
         *          (default 3)
         * @return this builder
         */
        public Builder linearizations(int n) {
            this.linearizations = n;
            return this;
        }

        /**
         * @param n ADMM sweeps per linearization, in {@code [1, 100000]} (default 22; see docs/raceline.md, "Convergence")
         * @return this builder
         */
        public Builder sweeps(int n) {
            this.sweeps = n;
            return this;
        }

        /**
         * @param rho ADMM penalty scale, in {@code [1e-6, 1e3]} (default 2): the penalty is
         *            {@code rho * mean(diag P) * mean((w_i kappa_i)^2)}, the mean diagonal of the
         *            curvature form times the mean squared turn per point of the current line
         * @return this builder
         */
        public Builder rho(double rho) {
            this.rho = rho;
            return this;
        }

        /**
         * @param vehicle the vehicle model of both speed profiles (default {@link VehicleModel#DEFAULT})
         * @return this builder
         */
        public Builder vehicle(VehicleModel vehicle) {
            this.vehicle = Objects.requireNonNull(vehicle, "vehicle");
            return this;
        }

        /**
         * Makes both speed profiles (the line's and the centerline's) account for the road's grade
         * and banking, read from {@code Track.centerZ()} and {@code Track.bank()} at every
         * {@link RacingLine#compute()} (docs/raceline.md, "Grade and banking"). Off by default:
         * the plan-view profiles, bit for bit as before; on a flat, unbanked track the two agree
         * bit for bit.
         *
         * <p>The physics, for a point mass on the road surface (as in any mechanics text, e.g.
         * Halliday, Resnick and Walker, "Fundamentals of Physics", the inclined plane and the banked
         * curve with friction), with {@code g = } {@link VehicleModel#G} m/s^2:
         * <ul>
         *   <li>edges are 3D chords {@code ds = sqrt(dx^2 + dy^2 + dz^2)}; the line's heights are
         *       the banked surface's, {@code z_c - offset tan(bank)} (the centerline's: {@code z_c});</li>
         *   <li>along an edge rising {@code dz}, gravity takes {@code g dz / ds} from the
         *       acceleration and gives it to the braking: forward {@code v_{i+1}^2 = v_i^2 +
         *       2 ds aAccel sqrt(1 - u_i^2) - 2 g dz}, backward {@code v_i^2 = v_{i+1}^2 + 2 ds aBrake
         *       sqrt(1 - u_{i+1}^2) + 2 g dz} (0 where that is negative: the vehicle stalls, or cannot
         *       brake enough);</li>
         *   <li>the lateral limit gains from a bank {@code b} towards the turn's centre (loses from
         *       one away from it): {@code v^2 |kappa| <= g (mu cos b + sin b) / (cos b - mu sin b)},
         *       {@code mu = aLat / g}, unbounded where {@code tan b >= 1 / mu}; the friction circle's
         *       lateral use {@code u} is measured against that limit.</li>
         * </ul>
         * Left out: the {@code cos(grade)} share of the normal load (at a grade of 0.2, 2%), the
         * load change over crests and dips (vertical curvature) and the bank's extra grip along
         * the road. Each pass goes round the loop twice from its slowest point: a climb can lower
         * the start's own speed, and the second lap carries that round (on a closed loop the
         * heights' changes cancel, so a lap that is never capped gains speed and two laps are the
         * pass's fixed point).
         *
         * @param grade true for the grade- and bank-aware profiles
         * @return this builder
         */
        public Builder grade(boolean grade) {
            this.grade = grade;
            return this;
        }

        /**
         * @return the part (not yet computed: call {@link RacingLine#compute()})
         * @throws IllegalArgumentException naming the first bad parameter, its value and range
         */
        public RacingLine build() {
            if (!(halfWidth > 0) || Double.isInfinite(halfWidth) || (float) halfWidth == 0.0f) {
                throw new IllegalArgumentException("halfWidth must be a finite number > 0 (world units), got " + halfWidth);
            }
            if (Double.isNaN(margin)) {
                margin = halfWidth / 4;
            }
            if (!(margin >= 0) || !(margin < halfWidth)) {
                throw new IllegalArgumentException("vehicleMargin must be in [0, halfWidth = " + halfWidth
                        + ") world units, got " + margin);
            }
            if (linearizations < 1 || linearizations > 100) {
                throw new IllegalArgumentException("linearizations must be in [1, 100], got " + linearizations);
            }
            if (sweeps < 1 || sweeps > 100000) {
                throw new IllegalArgumentException("sweeps must be in [1, 100000], got " + sweeps);
            }
            if (!(rho >= 1e-6 && rho <= 1e3)) {
                throw new IllegalArgumentException("rho must be in [1e-6, 1e3], got " + rho);
            }
            return new RacingLine(this);
        }
    }
}
