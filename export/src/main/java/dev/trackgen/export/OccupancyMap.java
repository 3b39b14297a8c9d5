package dev.trackgen.export;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A ROS {@code map_server} / F1TENTH occupancy map of one track: a single-channel 8-bit image,
 * {@link #FREE} on the road and {@link #OCCUPIED} elsewhere (or, with walls, occupied only in
 * walls along both borders), rendered without anti-aliasing so every pixel is one or the other. A
 * pixel is free when its centre lies on the road band (the quadrilaterals between consecutive
 * border points).
 */
public final class OccupancyMap {
    /** Free pixel value (what ROS {@code map_saver} writes for free cells). */
    public static final int FREE = 254;
    /** Occupied pixel value. */
    public static final int OCCUPIED = 0;
    /** {@code occupied_thresh} of the YAML. */
    public static final double OCCUPIED_THRESH = 0.65;
    /** {@code free_thresh} of the YAML. */
    public static final double FREE_THRESH = 0.196;

    private final MapGeometry geometry;
    private final BufferedImage image;

    private OccupancyMap(MapGeometry geometry, BufferedImage image) {
        this.geometry = geometry;
        this.image = image;
    }

    /**
     * @param track    the track, metres
     * @param settings resolution, margin, walls, size limit
     * @return the rendered map
     * @throws MapTooLargeException if the image would exceed the size limit
     */
    public static OccupancyMap render(WorldTrack track, ExportSettings settings) {
        MapGeometry g = MapGeometry.of(track, settings);
        BufferedImage img = new BufferedImage(g.width(), g.height(), BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D gr = img.createGraphics();
        try {
            gr.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            gr.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            boolean walls = settings.wallThickness() > 0;
            gr.setColor(gray(walls ? FREE : OCCUPIED));
            gr.fillRect(0, 0, g.width(), g.height());
            // world (metres) -> image pixels, y down
            AffineTransform toPixels = new AffineTransform(1 / g.resolution(), 0, 0, -1 / g.resolution(),
                    -g.originX() / g.resolution(), g.height() + g.originY() / g.resolution());
            if (walls) {
                gr.setColor(gray(OCCUPIED));
                gr.setStroke(new BasicStroke((float) (2 * settings.wallThickness() / g.resolution()),
                        BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
                gr.draw(loop(track.left(), toPixels));
                gr.draw(loop(track.right(), toPixels));
            }
            gr.setColor(gray(FREE));
            gr.fill(roadBand(track, toPixels));
        } finally {
            gr.dispose();
        }
        return new OccupancyMap(g, img);
    }

    private static Color gray(int v) {
        return new Color(v, v, v);
    }

    private static Path2D loop(double[] pts, AffineTransform t) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(pts[0], pts[1]);
        for (int k = 2; k < pts.length; k += 2) {
            p.lineTo(pts[k], pts[k + 1]);
        }
        p.closePath();
        p.transform(t);
        return p;
    }

    /** The road band: one quadrilateral per segment, all of one orientation, filled as a union. */
    static Path2D roadBand(WorldTrack track, AffineTransform t) {
        int n = track.size();
        double[] l = track.left();
        double[] r = track.right();
        Path2D.Double p = new Path2D.Double(Path2D.WIND_NON_ZERO, 5 * n);
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            p.moveTo(r[2 * i], r[2 * i + 1]);
            p.lineTo(r[2 * j], r[2 * j + 1]);
            p.lineTo(l[2 * j], l[2 * j + 1]);
            p.lineTo(l[2 * i], l[2 * i + 1]);
            p.closePath();
        }
        if (t != null) {
            p.transform(t);
        }
        return p;
    }

    /** @return where the image lies in the world */
    public MapGeometry geometry() {
        return geometry;
    }

    /** @return the image, {@link BufferedImage#TYPE_BYTE_GRAY}; not a copy */
    public BufferedImage image() {
        return image;
    }

    /**
     * @param col column
     * @param row row from the top
     * @return the pixel value, 0..255
     */
    public int pixel(int col, int row) {
        return image.getRaster().getSample(col, row, 0);
    }

    /**
     * @param file where to write the PNG (overwritten)
     * @throws IOException if writing fails
     */
    public void writePng(Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer for a grey image");
            }
        }
    }

    /**
     * Writes the map as binary PGM ({@code P5}, max value 255, rows top to bottom).
     *
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public void writePgm(Path file) throws IOException {
        byte[] pixels = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            out.write(("P5\n" + geometry.width() + " " + geometry.height() + "\n255\n").getBytes(StandardCharsets.US_ASCII));
            out.write(pixels, 0, geometry.width() * geometry.height());
        }
    }

    /**
     * @param imageName the image file name the YAML refers to, relative to the YAML's folder
     * @return the {@code map_server} YAML: image, resolution, origin, negate, thresholds
     */
    public String yaml(String imageName) {
        return "image: " + imageName + "\n"
                + "resolution: " + geometry.resolution() + "\n"
                + "origin: [" + geometry.originX() + ", " + geometry.originY() + ", 0.0]\n"
                + "negate: 0\n"
                + "occupied_thresh: " + OCCUPIED_THRESH + "\n"
                + "free_thresh: " + FREE_THRESH + "\n";
    }
}
