package dev.trackgen.cli.job;

import dev.trackgen.cli.config.CommandLineOverrides;

import java.nio.file.Path;

/**
 * Everything {@code trackgen generate} was asked to do, as parsed from the command line.
 *
 * @param configFile    {@code --config}, or {@code null}
 * @param overrides     {@code --generator}, {@code --envs}, {@code --runtime} and {@code --set}
 * @param seed          {@code --seed}: env {@code e} is seeded with {@code seed + e}
 * @param threads       {@code --threads}: CPU worker threads, 0 = one per processor
 * @param out           {@code --out}: the {@code .npz} to write, or {@code null}
 * @param preview       {@code --preview}: the {@code .png} to write, or {@code null}
 * @param previewTracks {@code --preview-tracks}: the most tracks drawn in the preview
 * @param compress      {@code --compress}: deflate the {@code .npz} entries
 * @param json          {@code --json}: print one JSON line instead of the human summary
 * @param quiet         {@code --quiet}: no progress lines
 * @param export        {@code --export} and its options, or {@code null}
 * @param previewCourse {@code --preview-course}: draw start line, checkpoints and grid on the preview
 * @param raceline      {@code --raceline}: the racing line and speed profiles, or {@code null} for none
 */
public record GenerateRequest(Path configFile, CommandLineOverrides overrides, int seed, int threads, Path out,
                              Path preview, int previewTracks, boolean compress, boolean json, boolean quiet,
                              ExportRequest export, boolean previewCourse, RacelineRequest raceline) {
    /** A request without {@code --raceline}; the parameters as in the canonical constructor. */
    public GenerateRequest(Path configFile, CommandLineOverrides overrides, int seed, int threads, Path out,
                           Path preview, int previewTracks, boolean compress, boolean json, boolean quiet,
                           ExportRequest export, boolean previewCourse) {
        this(configFile, overrides, seed, threads, out, preview, previewTracks, compress, json, quiet, export,
                previewCourse, null);
    }

    /** A request without {@code --preview-course}; the parameters as in the canonical constructor. */
    public GenerateRequest(Path configFile, CommandLineOverrides overrides, int seed, int threads, Path out,
                           Path preview, int previewTracks, boolean compress, boolean json, boolean quiet,
                           ExportRequest export) {
        this(configFile, overrides, seed, threads, out, preview, previewTracks, compress, json, quiet, export, false);
    }

    /** A request without {@code --export}; the parameters as in the canonical constructor. */
    public GenerateRequest(Path configFile, CommandLineOverrides overrides, int seed, int threads, Path out,
                           Path preview, int previewTracks, boolean compress, boolean json, boolean quiet) {
        this(configFile, overrides, seed, threads, out, preview, previewTracks, compress, json, quiet, null, false);
    }
}
