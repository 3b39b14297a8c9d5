package dev.trackgen.cli.job;

import dev.trackgen.cli.config.CommandLineOverrides;

import java.nio.file.Path;
import java.util.Map;

/**
 * What one {@code trackgen gates} run was asked for.
 *
 * @param configFile     the {@code --config} file or {@code null}
 * @param overrides      the command line's track-configuration layer (generator, envs, runtime, track knobs)
 * @param gateSettings   the gate knobs set on the command line, name to text, in order
 * @param seed           the base seed (env {@code e} is seeded with {@code seed + e})
 * @param threads        worker threads of the CPU runtime (0: one per core)
 * @param out            the {@code .npz} to write or {@code null}
 * @param preview        the PNG to write or {@code null}
 * @param previewCourses most courses in the preview
 * @param compress       whether to deflate the {@code .npz}
 * @param exports        the lsy_drone_racing TOML and glTF exports ({@link GateExportRequest#NONE}: none)
 * @param quiet          whether to suppress progress lines
 */
public record GatesRequest(Path configFile, CommandLineOverrides overrides, Map<String, String> gateSettings, int seed,
                           int threads, Path out, Path preview, int previewCourses, boolean compress, GateExportRequest exports,
                           boolean quiet) {
}
