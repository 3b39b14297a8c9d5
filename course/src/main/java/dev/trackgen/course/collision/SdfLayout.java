package dev.trackgen.course.collision;

import dev.trackgen.api.TrackSnapshot;

import java.util.Locale;

/**
 * How an SDF-backed {@link OffRoadChecker} sized its grids, chosen once when it is built.
 *
 * @param resolution   grid side R in cells, the same for every env of the batch
 * @param cellSize     target cell size in world units when following the road ({@code > 0}); 0 at a
 *                     fixed resolution, where each env's cell is its padded extent over R. An env
 *                     whose padded extent exceeds {@code R * cellSize} (a later, larger track) gets
 *                     cells just wide enough to fit; {@link SdfGrid#bounds()} holds each env's cell
 * @param padding      margin per side in world units passed to the bake ({@code 0}: a tenth of each
 *                     track's larger extent, fixed resolution only)
 * @param halfWidth    the road half-width measured from the borders, world units (mean over the
 *                     valid envs' points of half the inner-to-outer distance); NaN at a fixed
 *                     resolution
 * @param bytesPerEnv  grid bytes per env ({@link OffRoadChecker#bytesPerEnv(int)})
 * @param bytes        grid bytes of the whole batch
 */
public record SdfLayout(int resolution, float cellSize, float padding, double halfWidth, long bytesPerEnv,
                        long bytes) {
    /**
     * Sizes the grids of a batch.
     *
     * @param s       the batch as it is when the checker is built
     * @param options the SDF options
     * @return the layout
     * @throws IllegalArgumentException when following the road and no env is valid (nothing to measure
     *                                  the half-width on), or when the grids would exceed
     *                                  {@link OffRoadOptions#sdfMaxBytes()}
     */
    public static SdfLayout plan(TrackSnapshot s, OffRoadOptions options) {
        int e = s.numEnvs();
        if (!options.followsRoad()) {
            int r = options.sdfResolution();
            return checked(new SdfLayout(r, 0f, options.sdfPadding(), Double.NaN, OffRoadChecker.bytesPerEnv(r),
                    OffRoadChecker.bytesPerEnv(r) * e), options, e, Double.NaN);
        }
        double widthSum = 0;
        long widthCount = 0;
        double maxExt = 0;
        float[] in = s.inner();
        float[] out = s.outer();
        for (int env = 0; env < e; env++) {
            int m = Math.min(s.count()[env], s.nMax());
            if (s.valid()[env] == 0 || m < 3) {
                continue;
            }
            double minX = Double.MAX_VALUE;
            double minY = Double.MAX_VALUE;
            double maxX = -Double.MAX_VALUE;
            double maxY = -Double.MAX_VALUE;
            for (int i = 0; i < m; i++) {
                int k = 2 * (env * s.nMax() + i);
                double ix = in[k];
                double iy = in[k + 1];
                double ox = out[k];
                double oy = out[k + 1];
                widthSum += 0.5 * Math.hypot(ox - ix, oy - iy);
                widthCount++;
                minX = Math.min(minX, Math.min(ix, ox));
                minY = Math.min(minY, Math.min(iy, oy));
                maxX = Math.max(maxX, Math.max(ix, ox));
                maxY = Math.max(maxY, Math.max(iy, oy));
            }
            maxExt = Math.max(maxExt, Math.max(maxX - minX, maxY - minY));
        }
        double hw = widthCount > 0 ? widthSum / widthCount : Double.NaN;
        if (!(hw > 0) || !Double.isFinite(hw + maxExt)) {
            throw new IllegalArgumentException("the road-following SDF measures the half-width on the batch when the"
                    + " checker is built, but no env holds a valid track; generate first or set a fixed sdfResolution");
        }
        float cell = (float) (hw / options.sdfCellsPerHalfWidth());
        float pad = options.sdfPadding() > 0f ? options.sdfPadding()
                : (float) (OffRoadOptions.AUTO_PADDING_HALF_WIDTHS * hw);
        double need = Math.ceil((maxExt + 2.0 * pad) / cell) + 1;
        int r = (int) Math.max(8, Math.min(need, OffRoadOptions.MAX_SDF_RESOLUTION + 1L));
        long per = OffRoadChecker.bytesPerEnv(r);
        return checked(new SdfLayout(r, cell, pad, hw, per, per * e), options, e, maxExt);
    }

    private static SdfLayout checked(SdfLayout l, OffRoadOptions o, int envs, double maxExt) {
        String how = o.followsRoad()
                ? String.format(Locale.ROOT, "(cell %.4g = half-width %.4g / %s, largest track extent %.4g, padding"
                        + " %.4g per side)", l.cellSize, l.halfWidth, o.sdfCellsPerHalfWidth(), maxExt, l.padding)
                : "(fixed sdfResolution)";
        String fix = "; lower sdfCellsPerHalfWidth, raise sdfMaxBytes, use fewer envs, or set a fixed sdfResolution";
        if (l.resolution > OffRoadOptions.MAX_SDF_RESOLUTION) {
            throw new IllegalArgumentException("the SDF grid would need more than " + OffRoadOptions.MAX_SDF_RESOLUTION
                    + " cells per side " + how + fix);
        }
        if (l.bytes > o.sdfMaxBytes() || (long) envs * l.resolution * l.resolution > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the SDF grids would take %d bytes"
                            + " (%d x %d cells x %d envs) %s, over sdfMaxBytes %d or the 2^31-1 cells one array holds%s",
                    l.bytes, l.resolution, l.resolution, envs, how, o.sdfMaxBytes(), fix));
        }
        return l;
    }
}
