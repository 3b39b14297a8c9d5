package dev.trackgen.cli.output;

import dev.trackgen.cli.CliException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Pictures are written as PNG; a path that names another format is refused before any work. */
public final class PngPath {
    private PngPath() {
    }

    /**
     * @param option the option that named the path, for the message
     * @param path   the picture's path, or null when not asked for
     * @return {@code path}
     * @throws CliException if the file name does not end in {@code .png} (any case); an
     *                      existing folder or device is left to the output checks, which name it
     */
    public static Path require(String option, Path path) {
        // an existing folder or device: the output checks name what it is
        if (path != null && (!Files.exists(path) || Files.isRegularFile(path))) {
            Path name = path.getFileName();
            if (name == null || !name.toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
                throw new CliException(option + " " + path + ": pictures are written as PNG; name the file *.png");
            }
        }
        return path;
    }
}
