package dev.trackgen.cli.job;

import dev.trackgen.export.ExportFormat;
import dev.trackgen.export.ExportSettings;

import java.nio.file.Path;
import java.util.Set;

/**
 * What {@code generate --export} was asked to write.
 *
 * @param formats  the formats, at least one
 * @param outDir   {@code --out-dir}: the folder that receives {@code index.json} and one folder per valid env
 * @param force    {@code --force}: write into a folder that is not empty, replacing files of the same names
 * @param settings world scale, map and mesh knobs
 */
public record ExportRequest(Set<ExportFormat> formats, Path outDir, boolean force, ExportSettings settings) {
    /** @throws IllegalArgumentException if no format or no folder is given */
    public ExportRequest {
        if (formats == null || formats.isEmpty()) {
            throw new IllegalArgumentException("no export format");
        }
        if (outDir == null || settings == null) {
            throw new IllegalArgumentException("an export needs a folder and settings");
        }
        formats = Set.copyOf(formats);
    }
}
