package dev.trackgen.export;

import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Writes a {@link TerrainGrid} as files: a 16-bit grey PNG heightmap (Java2D
 * {@code TYPE_USHORT_GRAY}, ImageIO) with its JSON metadata, and MuJoCo's binary hfield file.
 *
 * <p>PNG: {@code R x R} pixels, the image's top row the grid's {@code +y} edge (north up, as
 * image viewers and MuJoCo's PNG reader take it), pixel {@code v = round(65535 (h - zMin) / (zMax -
 * zMin))} (0 everywhere when {@code zMax == zMin}); a reader gets {@code h = zMin + v / 65535
 * (zMax - zMin)} back, within half a step.
 */
public final class HeightmapWriter {
    private HeightmapWriter() {
    }

    /**
     * @param g    the grid
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void png(TerrainGrid g, Path file) throws IOException {
        int r = g.resolution();
        BufferedImage img = new BufferedImage(r, r, BufferedImage.TYPE_USHORT_GRAY);
        WritableRaster ras = img.getRaster();
        double range = g.zMax() - g.zMin();
        for (int row = 0; row < r; row++) {
            for (int c = 0; c < r; c++) {
                double h = g.height()[row * r + c];
                int v = range > 0 ? (int) Math.round(65535.0 * (h - g.zMin()) / range) : 0;
                ras.setSample(c, r - 1 - row, 0, Math.max(0, Math.min(65535, v)));
            }
        }
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer for 16-bit grey images");
        }
    }

    /**
     * The metadata beside the PNG: {@code {"format", "image", "size": [R, R], "cell" (m),
     * "origin": [x, y] (m, corner of the bottom-left pixel), "center": [x, y] (m),
     * "z_min", "z_max" (m), "scale" (m per PNG step), "top_row": "+y"}}.
     *
     * @param g     the grid
     * @param image the PNG's file name
     * @param file  where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void json(TerrainGrid g, String image, Path file) throws IOException {
        double half = 0.5 * g.side();
        String s = String.format(Locale.ROOT, "{\n  \"format\": \"trackgen-heightfield-1\",\n  \"image\": \"%s\",\n"
                        + "  \"size\": [%d, %d],\n  \"cell\": %s,\n  \"origin\": [%s, %s],\n  \"center\": [%s, %s],\n"
                        + "  \"z_min\": %s,\n  \"z_max\": %s,\n  \"scale\": %s,\n  \"top_row\": \"+y\",\n"
                        + "  \"units\": \"m\"\n}\n",
                image, g.resolution(), g.resolution(), num(g.cell()), num(g.originX()), num(g.originY()),
                num(g.originX() + half), num(g.originY() + half), num(g.zMin()), num(g.zMax()),
                num((g.zMax() - g.zMin()) / 65535.0));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(s);
        }
    }

    /**
     * MuJoCo's custom hfield file (its compiler's {@code LoadCustom}): little-endian int32
     * {@code nrow}, int32 {@code ncol}, then {@code nrow * ncol} float32 heights, row 0 the
     * {@code -y} edge; full float precision (MuJoCo reads PNG hfields as 8-bit grey).
     *
     * @param g    the grid
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void mujocoBin(TerrainGrid g, Path file) throws IOException {
        int r = g.resolution();
        ByteBuffer b = ByteBuffer.allocate(8 + 4 * r * r).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(r).putInt(r);
        for (float h : g.height()) {
            b.putFloat(h);
        }
        Files.write(file, b.array());
    }

    static String num(double v) {
        return Double.toString(v);
    }
}
