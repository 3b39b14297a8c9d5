package dev.trackgen.export;

/** A format of cones: its limit is the cone counts the spacing implies ({@code fsds}, {@code fssim}). */
abstract class ConeFormat extends FixedFormat {
    ConeFormat(String id, ExportFile... files) {
        super(id, files);
    }

    @Override
    public final void check(ExportContext track) {
        ConeLayout.check(track.track(), track.settings().coneSpacing());
    }
}
