package dev.trackgen.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One file of an {@link ExportFormat}: its fixed name in a track's folder and what writes it.
 *
 * @param name   the file name ({@code map.png}, {@code road.glb}, ...); two formats that list the
 *               same name must write the same bytes under it (the file is written once)
 * @param writer writes the file of one track to a path
 */
public record ExportFile(String name, Writer writer) {
    /**
     * @throws NullPointerException on a null argument
     */
    public ExportFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(writer, "writer");
    }

    /** Writes one file of one track. */
    @FunctionalInterface
    public interface Writer {
        /**
         * @param track the track, its name and the settings, with the artifacts shared between files
         * @param path  where to write (an existing file is overwritten)
         * @throws IOException if writing fails
         */
        void write(ExportContext track, Path path) throws IOException;
    }
}
