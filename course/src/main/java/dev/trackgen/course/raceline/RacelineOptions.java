package dev.trackgen.course.raceline;

import java.util.Objects;

/**
 * The racing line of a {@code Course} ({@code CourseConfig.Builder.raceline}): with it, the race
 * mode computes a {@link RacingLine} per generation and its step reports each agent's lateral
 * distance to the line and the line's speed at the agent's position ({@link RacelineProbe}).
 *
 * @param vehicleMargin distance the line keeps from each border, world units, {@code >= 0}, or NaN
 *                      for the default (a quarter of the half-width; {@link RacingLine.Builder#vehicleMargin})
 * @param vehicle       the speed profile's vehicle model
 * @param window        line segments searched on each side of the agent's centerline segment,
 *                      in {@code [1, 64]} (default {@value #DEFAULT_WINDOW})
 * @param grade         whether the line's speed profile accounts for the road's grade and banking
 *                      ({@link RacingLine.Builder#grade}; default false: the plan-view profile)
 */
public record RacelineOptions(double vehicleMargin, VehicleModel vehicle, int window, boolean grade) {
    /** Default search window, segments on each side. */
    public static final int DEFAULT_WINDOW = 6;

    /**
     * @throws IllegalArgumentException naming the bad field, its value and its range
     * @throws NullPointerException     if {@code vehicle} is null
     */
    public RacelineOptions {
        Objects.requireNonNull(vehicle, "vehicle");
        if (!Double.isNaN(vehicleMargin) && !(vehicleMargin >= 0 && Double.isFinite(vehicleMargin))) {
            throw new IllegalArgumentException("raceline vehicleMargin must be a finite number >= 0 (world units) or NaN"
                    + " for the default, got " + vehicleMargin);
        }
        if (window < 1 || window > 64) {
            throw new IllegalArgumentException("raceline window must be in [1, 64] segments, got " + window);
        }
    }

    /**
     * The plan-view speed profile ({@code grade = false}), as before the knob.
     *
     * @param vehicleMargin as in the canonical constructor
     * @param vehicle       as in the canonical constructor
     * @param window        as in the canonical constructor
     * @throws IllegalArgumentException naming the bad field, its value and its range
     * @throws NullPointerException     if {@code vehicle} is null
     */
    public RacelineOptions(double vehicleMargin, VehicleModel vehicle, int window) {
        this(vehicleMargin, vehicle, window, false);
    }

    /** @return the default margin, {@link VehicleModel#DEFAULT}, window {@value #DEFAULT_WINDOW}, plan-view profile */
    public static RacelineOptions defaults() {
        return new RacelineOptions(Double.NaN, VehicleModel.DEFAULT, DEFAULT_WINDOW);
    }

    /**
     * @param on whether the line's speed profile accounts for grade and banking
     * @return these options with {@code grade = on}
     */
    public RacelineOptions withGrade(boolean on) {
        return new RacelineOptions(vehicleMargin, vehicle, window, on);
    }
}
