package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.course.grid.StartGrid;

/**
 * What a {@link CourseMode} builds its parts on; made by the course, once.
 *
 * @param track     the batch (the generator's persistent track)
 * @param config    the course's options
 * @param halfWidth the road's half-width of the generator's config, in track units
 * @param grid      the start line and grid (one slot per agent) every mode shares, recomputed
 *                  before every mode plan
 * @param elevated  whether the generator's config lifts or banks the tracks (a {@code z_profile}
 *                  other than flat, or banking): localization then reports {@code s} along the
 *                  3D arc length (docs/elevation.md, "Course")
 * @param bridges   whether the generator's config makes plan-view crossings bridges
 *                  ({@code bridge_clearance > 0}): checkpoints then keep off the crossings
 *                  (docs/elevation.md, "Bridges")
 */
public record CourseContext(Track track, CourseConfig config, double halfWidth, StartGrid grid, boolean elevated,
                            boolean bridges) {
    /**
     * A context without bridges ({@code bridges = false}).
     *
     * @param track     the batch
     * @param config    the course's options
     * @param halfWidth the road's half-width, track units
     * @param grid      the start line and grid
     * @param elevated  whether the tracks are lifted or banked
     */
    public CourseContext(Track track, CourseConfig config, double halfWidth, StartGrid grid, boolean elevated) {
        this(track, config, halfWidth, grid, elevated, false);
    }

    /**
     * A context of flat tracks ({@code elevated = false}, {@code bridges = false}).
     *
     * @param track     the batch
     * @param config    the course's options
     * @param halfWidth the road's half-width, track units
     * @param grid      the start line and grid
     */
    public CourseContext(Track track, CourseConfig config, double halfWidth, StartGrid grid) {
        this(track, config, halfWidth, grid, false, false);
    }

    /** @return the runtime everything runs on (the track's) */
    public ComputeRuntime runtime() {
        return track.runtime();
    }

    /** @return {@code E} */
    public int numEnvs() {
        return track.numEnvs();
    }

    /** @return agents per env {@code A} */
    public int agents() {
        return config.agents();
    }
}
