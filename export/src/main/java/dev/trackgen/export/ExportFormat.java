package dev.trackgen.export;

import java.util.List;

/**
 * A simulator format a track can be exported to: its command-line name and the fixed files it
 * writes per track. The built-in formats ({@code f1tenth}, {@code tum}, {@code deepracer},
 * {@code gltf}, {@code obj}, {@code fsds}, {@code fssim},
 * {@code heightfield}, {@code mjcf}, {@code terrain}) and any a plug-in adds are found by
 * {@link java.util.ServiceLoader} ({@code provides dev.trackgen.export.ExportFormat with ...} on the
 * module path, {@code META-INF/services/dev.trackgen.export.ExportFormat} on the class path) and
 * listed by {@link ExportFormats}. An implementation is stateless, with a public no-argument
 * constructor; what its files share per track (a mesh, a cone layout) it keeps in the
 * {@link ExportContext} ({@link ExportContext#shared}).
 */
public interface ExportFormat {
    /** @return the command-line name ({@code f1tenth}, {@code tum}, ...): lower case, no comma or blank */
    String id();

    /**
     * @param settings the knobs (some formats write a file only with a knob on, PGM for instance)
     * @return the files every track gets, in writing order
     */
    List<ExportFile> files(ExportSettings settings);

    /**
     * Checks, without writing, that the format can hold the track (its coordinates are checked
     * once for every format by {@link TrackExporter#check}); nothing by default.
     *
     * @param track the track and the knobs
     * @throws ExportLimitException naming the setting at fault
     */
    default void check(ExportContext track) {
    }
}
