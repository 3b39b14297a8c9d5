package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.course.grid.StartGrid;

/**
 * What a {@link CourseMode} builds its parts on: the course's batch, its runtime, its options and
 * the start grid every mode shares. Made by the course, once.
 */
public final class CourseContext {
    private final Track track;
    private final CourseConfig config;
    private final double halfWidth;
    private final StartGrid grid;

    CourseContext(Track track, CourseConfig config, double halfWidth, StartGrid grid) {
        this.track = track;
        this.config = config;
        this.halfWidth = halfWidth;
        this.grid = grid;
    }

    /** @return the batch (the generator's persistent track) */
    public Track track() {
        return track;
    }

    /** @return the runtime everything runs on (the track's) */
    public ComputeRuntime runtime() {
        return track.runtime();
    }

    /** @return the course's options */
    public CourseConfig config() {
        return config;
    }

    /** @return {@code E} */
    public int numEnvs() {
        return track.numEnvs();
    }

    /** @return agents per env {@code A} */
    public int agents() {
        return config.agents();
    }

    /** @return the road's half-width of the generator's config, in track units */
    public double halfWidth() {
        return halfWidth;
    }

    /** @return the start line and grid (one slot per agent), recomputed before every mode plan */
    public StartGrid grid() {
        return grid;
    }
}
