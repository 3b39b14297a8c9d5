package dev.trackgen.cli.output;

import dev.trackgen.cli.CliException;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Batches are written as numpy {@code .npz} archives whatever the file is called; a path that
 * names a picture format is refused before any work, since its file would not be that picture.
 */
public final class NpzPath {
    /** Picture file endings (lower case) an archive is never written under. */
    private static final List<String> PICTURES =
            List.of(".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".svg");

    private NpzPath() {
    }

    /**
     * @param option the option that named the path, for the message
     * @param path   the archive's path, or null when not asked for
     * @return {@code path}
     * @throws CliException if the file name ends in a picture format's extension (any case)
     */
    public static Path refusePicture(String option, Path path) {
        Path name = path == null ? null : path.getFileName();
        if (name != null) {
            String lower = name.toString().toLowerCase(Locale.ROOT);
            for (String ending : PICTURES) {
                if (lower.endsWith(ending)) {
                    throw new CliException(option + " " + path + ": writes a numpy .npz archive, not a picture;"
                            + " name it *.npz, and ask for a picture with --preview FILE.png");
                }
            }
        }
        return path;
    }
}
