package dev.trackgen.export;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One track being exported: the track in metres, its name inside meshes and models, the knobs,
 * and the artifacts its files share (the occupancy map of the three map files, the road mesh of
 * glTF and OBJ, the cone layout of FSDS and FSSIM), each computed once, on first use.
 */
public final class ExportContext {
    private final WorldTrack track;
    private final String name;
    private final ExportSettings settings;
    private final RaceTrajectory raceline;
    private final Map<Class<?>, Object> shared = new HashMap<>();

    /**
     * @param track    the track, metres
     * @param name     its name inside meshes and models (for example {@code env_00007})
     * @param settings the knobs
     * @throws NullPointerException if {@code track} or {@code settings} is null
     */
    public ExportContext(WorldTrack track, String name, ExportSettings settings) {
        this(track, name, settings, null);
    }

    /**
     * @param track    the track, metres
     * @param name     its name inside meshes and models (for example {@code env_00007})
     * @param settings the knobs
     * @param raceline the track's racing line, metres, or {@code null} when none was computed
     * @throws NullPointerException if {@code track} or {@code settings} is null
     */
    public ExportContext(WorldTrack track, String name, ExportSettings settings, RaceTrajectory raceline) {
        this.track = Objects.requireNonNull(track, "track");
        this.name = name;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.raceline = raceline;
    }

    /**
     * @return the racing line, metres
     * @throws IllegalStateException if none was given (the settings ask for {@code raceline.csv}
     *                               but the caller computed no line)
     */
    public RaceTrajectory raceline() {
        if (raceline == null) {
            throw new IllegalStateException("the export settings ask for " + TrackExporter.RACELINE_CSV
                    + " but no racing line was given for " + name);
        }
        return raceline;
    }

    /** @return the track, metres */
    public WorldTrack track() {
        return track;
    }

    /** @return the track's name inside meshes and models */
    public String name() {
        return name;
    }

    /** @return the knobs */
    public ExportSettings settings() {
        return settings;
    }

    /**
     * @param type  the artifact's class, its key (one artifact per class and track)
     * @param maker computes it from this track, on the first call for that class
     * @param <T>   its type
     * @return the artifact, the same instance on every later call
     */
    public <T> T shared(Class<T> type, Function<ExportContext, ? extends T> maker) {
        Object v = shared.get(type);
        if (v == null) {
            v = Objects.requireNonNull(maker.apply(this), "artifact");
            shared.put(type, v);
        }
        return type.cast(v);
    }

    OccupancyMap map() {
        return shared(OccupancyMap.class, c -> OccupancyMap.render(c.track, c.settings));
    }

    RoadMesh mesh() {
        return shared(RoadMesh.class, c -> RoadMesh.of(c.track, c.settings.wallHeight(), c.settings.upAxis()));
    }

    TerrainGrid terrain() {
        return shared(TerrainGrid.class, c -> TerrainGrid.of(c.track, c.settings.heightfield(), c.settings.worldScale()));
    }

    ConeLayout cones() {
        return shared(ConeLayout.class, c -> ConeLayout.of(c.track, c.settings.coneSpacing()));
    }
}
