package dev.trackgen.course.collision;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How an {@link OffRoadChecker} answers. */
public enum OffRoadBackend {
    /** Exact: every border segment of the env per box; reads the current track, nothing to rebuild. */
    SEGMENTS("segments"),
    /** A per-env signed-distance grid baked after each regeneration; O(1) bilinear queries, about a cell accurate. */
    SDF("sdf");

    private final String id;

    OffRoadBackend(String id) {
        this.id = id;
    }

    /** @return the name used in options and messages ({@code segments}, {@code sdf}) */
    public String id() {
        return id;
    }

    /**
     * @param name {@code segments} or {@code sdf}, case-insensitive
     * @return the backend
     * @throws IllegalArgumentException naming the known backends
     */
    public static OffRoadBackend parse(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(b -> b.id.equals(n)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown off-road backend '" + name + "'; known: "
                        + Arrays.stream(values()).map(OffRoadBackend::id).collect(Collectors.joining(", "))));
    }
}
