package dev.trackgen.export;

import java.util.List;

/**
 * A format of a fixed id and a fixed list of files, whatever the settings: the base of the
 * built-in formats but {@code f1tenth} (whose PGM depends on a knob).
 */
abstract class FixedFormat implements ExportFormat {
    private final String id;
    private final List<ExportFile> files;

    FixedFormat(String id, ExportFile... files) {
        this.id = id;
        this.files = List.of(files);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final List<ExportFile> files(ExportSettings settings) {
        return files;
    }
}
