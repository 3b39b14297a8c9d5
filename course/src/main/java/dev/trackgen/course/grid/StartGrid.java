package dev.trackgen.course.grid;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.TrackPart;
import dev.trackgen.course.kernel.CurvatureKernel;

import java.util.Objects;
import dev.trackgen.course.kernel.StartGridKernel;

/**
 * A start/finish line and a staggered starting grid of {@code K} poses per track, computed once
 * per generation by {@link #compute()} into persistent arrays on the track's runtime.
 *
 * <p>The line is a centerline point index per env, {@link #startIndex()} ({@code [E]}); it is an
 * index-aligned cross-section of the road, from {@code inner[startIndex]} to
 * {@code outer[startIndex]}, at arc length {@link #startS()} ({@code [E]}). Where it goes is a
 * {@link StartRule}. Slot {@code k}'s pose ({@link #positions()}, {@link #headings()}: unit
 * vectors, both {@code [E * K]} pairs) lies {@code front + k * rowGap} behind the line along the
 * centerline, alternately left ({@code k} even) and right ({@code k} odd) of it by
 * {@code lateral}, heading along the track: slot 0 is pole position. Every pose is within
 * {@code lateral <= min(half_width, narrowest) - margin} of the centerline, so inside the road
 * with that margin (on a road of varying width, {@link Builder#narrowest} its narrowest half-width)
 * (checked by the tests on every valid track of every generator). Envs with fewer than 3 points
 * get {@code startIndex = -1} and NaN poses; values on invalid envs carry no promise. With
 * {@link Builder#avoidingCrossings} (bridge courses) a line inside a crossing's footprint moves
 * forward to the first clear point, and the grid with it.
 *
 * <p>{@link #compute()} launches two kernels (curvature, then line and grid), allocates nothing
 * and can be captured; call it after every {@code generate()}.
 */
public final class StartGrid extends TrackPart<StartGrid> {
    private final int slots;
    private final F32Array kappa;
    private final I32Array startIndex;
    private final F32Array startS;
    private final Vec2Array positions;
    private final Vec2Array headings;
    private final double lateral;

    private StartGrid(Builder b, double lateral) {
        super(b.track);
        this.slots = b.slots;
        this.lateral = lateral;
        int e = track.numEnvs();
        this.kappa = runtime.allocF32(e * track.nMax());
        this.startIndex = runtime.allocI32(e);
        this.startS = runtime.allocF32(e);
        this.positions = runtime.allocVec2(e * slots);
        this.headings = runtime.allocVec2(e * slots);
        KernelArgs k = CurvatureKernel.INSTANCE.args().center(track.center()).count(track.count()).nMax(track.nMax())
                .window(2).kappa(kappa);
        KernelArgs g = StartGridKernel.INSTANCE.args().center(track.center()).tangent(track.tangent())
                .arclen(track.arclen()).length(track.length()).count(track.count()).kappa(kappa).nMax(track.nMax())
                .rule(b.rule.code()).straightKappa((float) b.straightKappa).slots(slots).front((float) b.front)
                .rowGap((float) b.rowGap).lateral((float) lateral).inner(track.inner()).outer(track.outer())
                .left(track.leftHalfWidth()).right(track.rightHalfWidth()).avoidCrossings(b.avoidCrossings ? 1 : 0)
                .startIndex(startIndex).startS(startS)
                .gridPosition(positions).gridHeading(headings);
        this.plan = LaunchPlan.builder().launch(e * track.nMax(), k)
                .launch(e, g).build();
    }

    /**
     * @param track the batch (read at every {@link #compute()})
     * @return a builder
     */
    public static Builder builder(Track track) {
        return new Builder(track);
    }

    /** @return the start line's centerline point index per env, or -1, {@code [E]} */
    public I32Array startIndex() {
        return startIndex;
    }

    /** @return the start line's arc length per env, {@code [E]} */
    public F32Array startS() {
        return startS;
    }

    /** @return slot positions, {@code [E * K]} pairs, slot {@code k} of env {@code e} at {@code e * K + k} */
    public Vec2Array positions() {
        return positions;
    }

    /** @return slot headings as unit vectors along the track, {@code [E * K]} pairs */
    public Vec2Array headings() {
        return headings;
    }

    /** @return grid slots per env, {@code K} */
    public int slots() {
        return slots;
    }

    /** @return the lateral offset of the slots actually used, world units */
    public double lateral() {
        return lateral;
    }

    /** Configures a {@link StartGrid}; checks happen in {@link #build()}. */
    public static final class Builder {
        private final Track track;
        private StartRule rule = StartRule.LONGEST_STRAIGHT;
        private int slots = 2;
        private double halfWidth = Double.NaN;
        private double narrowest = Double.NaN;
        private double rowGap = Double.NaN;
        private double front = Double.NaN;
        private double lateral = Double.NaN;
        private double margin = Double.NaN;
        private double straightKappa = Double.NaN;
        private boolean avoidCrossings;

        private Builder(Track track) {
            this.track = Objects.requireNonNull(track, "track");
        }

        /**
         * @param rule where the line goes (default {@link StartRule#LONGEST_STRAIGHT})
         * @return this builder
         */
        public Builder rule(StartRule rule) {
            this.rule = Objects.requireNonNull(rule, "rule");
            return this;
        }

        /**
         * @param slots starting poses per env {@code K}, in {@code [1, 64]} (default 2)
         * @return this builder
         */
        public Builder slots(int slots) {
            this.slots = slots;
            return this;
        }

        /**
         * @param halfWidth the road half-width, world units, {@code > 0} (the batch's
         *                  {@code config.halfWidth()}); required, and the unit of the defaults
         * @return this builder
         */
        public Builder halfWidth(double halfWidth) {
            this.halfWidth = halfWidth;
            return this;
        }

        /**
         * @param rowGap distance along the centerline between consecutive slots, {@code > 0}
         *               (default {@code 2 * half_width})
         * @return this builder
         */
        public Builder rowGap(double rowGap) {
            this.rowGap = rowGap;
            return this;
        }

        /**
         * @param front distance from the line back to slot 0, {@code >= 0} (default {@code half_width})
         * @return this builder
         */
        public Builder front(double front) {
            this.front = front;
            return this;
        }

        /**
         * The narrowest half-width the road has anywhere on the batch, on either side (a road whose
         * width varies along the lap: {@code half_width_min} of the {@code curvature} width
         * profile); the slots' lateral offset is then at most {@code narrowest - margin}, so every
         * pose keeps the margin from the border wherever the line lands. Default:
         * {@code halfWidth} (a constant-width road).
         *
         * @param narrowest world units, {@code > margin}
         * @return this builder
         */
        public Builder narrowest(double narrowest) {
            this.narrowest = narrowest;
            return this;
        }

        /**
         * @param lateral offset of the slots left and right of the centerline, {@code >= 0}
         *                (default {@code half_width / 2}; reduced to {@code half_width - margin})
         * @return this builder
         */
        public Builder lateral(double lateral) {
            this.lateral = lateral;
            return this;
        }

        /**
         * @param margin clearance kept between a slot and the border, in {@code [0, half_width)}
         *               (default {@code half_width / 4})
         * @return this builder
         */
        public Builder margin(double margin) {
            this.margin = margin;
            return this;
        }

        /**
         * @param straightKappa curvature magnitude at or below which a point counts as straight,
         *                      1/world units, {@code >= 0} (default {@code 0.04 / half_width}: radii
         *                      above 25 half-widths)
         * @return this builder
         */
        public Builder straightCurvature(double straightKappa) {
            this.straightKappa = straightKappa;
            return this;
        }

        /**
         * @param avoid whether a start line within a bridge crossing's footprint moves forward, with
         *              its grid, to the first point whose cross-section comes no closer than a
         *              half-width to another branch's centerline (the rule of
         *              {@code Checkpoints.Builder.avoidingCrossings}; default false; on for bridge
         *              courses, docs/elevation.md "Bridges")
         * @return this builder
         */
        public Builder avoidingCrossings(boolean avoid) {
            this.avoidCrossings = avoid;
            return this;
        }

        /**
         * @return the grid (not yet computed: call {@link StartGrid#compute()})
         * @throws IllegalArgumentException naming the first bad parameter
         */
        public StartGrid build() {
            if (!(halfWidth > 0) || Double.isInfinite(halfWidth)) {
                throw new IllegalArgumentException("halfWidth must be a finite number > 0, got " + halfWidth);
            }
            if (slots < 1 || slots > 64) {
                throw new IllegalArgumentException("slots must be in [1, 64], got " + slots);
            }
            double gap = Double.isNaN(rowGap) ? 2 * halfWidth : rowGap;
            double fr = Double.isNaN(front) ? halfWidth : front;
            double mg = Double.isNaN(margin) ? halfWidth / 4 : margin;
            double lat = Double.isNaN(lateral) ? halfWidth / 2 : lateral;
            double sk = Double.isNaN(straightKappa) ? 0.04 / halfWidth : straightKappa;
            if (!(gap > 0) || Double.isInfinite(gap)) {
                throw new IllegalArgumentException("rowGap must be a finite number > 0, got " + gap);
            }
            if (!(fr >= 0) || Double.isInfinite(fr)) {
                throw new IllegalArgumentException("front must be a finite number >= 0, got " + fr);
            }
            if (!(mg >= 0) || mg >= halfWidth) {
                throw new IllegalArgumentException("margin must be in [0, halfWidth = " + halfWidth + "), got " + mg);
            }
            if (!(lat >= 0) || Double.isInfinite(lat)) {
                throw new IllegalArgumentException("lateral must be a finite number >= 0, got " + lat);
            }
            if (!(sk >= 0) || Double.isInfinite(sk)) {
                throw new IllegalArgumentException("straight curvature must be a finite number >= 0, got " + sk);
            }
            double w = Double.isNaN(narrowest) ? halfWidth : narrowest;
            if (!(w > mg) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("narrowest must be a finite half-width above the margin " + mg
                        + ", got " + w);
            }
            StartGrid g = new StartGrid(copy(gap, fr, sk), Math.min(lat, Math.min(halfWidth, w) - mg));
            return g;
        }

        private Builder copy(double gap, double fr, double sk) {
            Builder b = new Builder(track);
            b.rule = rule;
            b.slots = slots;
            b.halfWidth = halfWidth;
            b.rowGap = gap;
            b.front = fr;
            b.straightKappa = sk;
            b.avoidCrossings = avoidCrossings;
            return b;
        }
    }
}
