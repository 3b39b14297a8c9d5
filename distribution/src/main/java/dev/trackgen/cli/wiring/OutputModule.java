package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.cli.output.ReportFormatter;
import jakarta.inject.Singleton;

/** The writers of a run's outputs: the {@code .npz} archive, the PNG preview and the summary. */
public final class OutputModule extends AbstractModule {
    private final boolean compress;
    private final int previewTracks;

    /**
     * @param compress      whether to deflate the archive entries
     * @param previewTracks the most tracks drawn in the preview
     */
    public OutputModule(boolean compress, int previewTracks) {
        this.compress = compress;
        this.previewTracks = previewTracks;
    }

    @Provides
    @Singleton
    NpzTrackWriter npzWriter() {
        return new NpzTrackWriter(compress);
    }

    @Provides
    @Singleton
    PreviewRenderer previewRenderer() {
        return new PreviewRenderer(previewTracks, PreviewRenderer.DEFAULT_CELL_SIZE);
    }

    @Provides
    @Singleton
    ReportFormatter reportFormatter() {
        return new ReportFormatter();
    }
}
