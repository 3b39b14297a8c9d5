package dev.trackgen.examples.trainer;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Draws finished episodes, one panel each: the road, the start line, the path colored by speed. */
final class EpisodePicture {
    private static final int PANEL = 360;
    private static final int TITLE = 22;
    private static final int LEGEND = 30;

    private EpisodePicture() {
    }

    /**
     * @param episodes the episodes, one panel each (three per row)
     * @param out      the PNG file to write
     * @throws IOException if it cannot be written
     */
    static void write(List<Episode> episodes, Path out) throws IOException {
        int cols = Math.min(3, Math.max(1, episodes.size()));
        int rows = Math.max(1, (episodes.size() + cols - 1) / cols);
        BufferedImage img = new BufferedImage(cols * PANEL, rows * (PANEL + TITLE) + LEGEND, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        float vmax = 0.1f;
        for (Episode ep : episodes) {
            for (float v : ep.speed()) {
                vmax = Math.max(vmax, v);
            }
        }
        for (int i = 0; i < episodes.size(); i++) {
            draw(g, episodes.get(i), (i % cols) * PANEL, (i / cols) * (PANEL + TITLE), vmax);
        }
        legend(g, rows * (PANEL + TITLE), img.getWidth(), vmax);
        g.dispose();
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // through a stream the caller's error reaches (ImageIO's File variant prints a stack trace and
        // says only "Can't create an ImageOutputStream!" when the file cannot be opened)
        try (java.io.OutputStream os = Files.newOutputStream(out)) {
            if (!ImageIO.write(img, "png", os)) {
                throw new IOException(out + ": no PNG writer in this Java");
            }
        }
    }

    private static void draw(Graphics2D g, Episode ep, int x0, int y0, float vmax) {
        float[] in = ep.inner();
        float[] out = ep.outer();
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (float[] ring : new float[][] {in, out, ep.path()}) {
            for (int i = 0; i + 1 < ring.length; i += 2) {
                if (Float.isFinite(ring[i]) && Float.isFinite(ring[i + 1])) {
                    minX = Math.min(minX, ring[i]);
                    maxX = Math.max(maxX, ring[i]);
                    minY = Math.min(minY, ring[i + 1]);
                    maxY = Math.max(maxY, ring[i + 1]);
                }
            }
        }
        double scale = (PANEL - 24) / Math.max(1e-6, Math.max(maxX - minX, maxY - minY));
        double cx = (minX + maxX) / 2;
        double cy = (minY + maxY) / 2;
        Projector p = (x, y) -> new double[] {x0 + PANEL / 2.0 + (x - cx) * scale,
                y0 + TITLE + PANEL / 2.0 - (y - cy) * scale};
        Path2D road = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        ring(road, in, p);
        ring(road, out, p);
        g.setColor(new Color(0xD9D9D9));
        g.fill(road);
        g.setColor(new Color(0x707070));
        g.setStroke(new BasicStroke(1f));
        g.draw(road);
        float[] sl = ep.startLine();
        if (sl.length == 4) {
            double[] a = p.at(sl[0], sl[1]);
            double[] b = p.at(sl[2], sl[3]);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(3f));
            g.draw(new Line2D.Double(a[0], a[1], b[0], b[1]));
        }
        float[] path = ep.path();
        g.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int i = 0; i + 3 < path.length; i += 2) {
            double[] a = p.at(path[i], path[i + 1]);
            double[] b = p.at(path[i + 2], path[i + 3]);
            g.setColor(speedColor(ep.speed()[i / 2 + 1] / vmax));
            g.draw(new Line2D.Double(a[0], a[1], b[0], b[1]));
        }
        if (path.length >= 2) {
            double[] end = p.at(path[path.length - 2], path[path.length - 1]);
            g.setStroke(new BasicStroke(2.5f));
            switch (ep.outcome()) {
                case LAP -> {
                    g.setColor(new Color(0x1A9850));
                    g.fillOval((int) end[0] - 6, (int) end[1] - 6, 12, 12);
                }
                case OFF_ROAD -> {
                    g.setColor(new Color(0xD73027));
                    g.draw(new Line2D.Double(end[0] - 7, end[1] - 7, end[0] + 7, end[1] + 7));
                    g.draw(new Line2D.Double(end[0] - 7, end[1] + 7, end[0] + 7, end[1] - 7));
                }
                case TIMEOUT -> {
                    g.setColor(Color.GRAY);
                    g.drawRect((int) end[0] - 5, (int) end[1] - 5, 10, 10);
                }
            }
        }
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        String what = switch (ep.outcome()) {
            case LAP -> "lap";
            case OFF_ROAD -> "off road";
            case TIMEOUT -> "timeout";
        };
        g.drawString(String.format("env %d, episode %d: %s after %.1f s (x%.2f speed)", ep.env(), ep.number(), what,
                ep.seconds(), ep.aggressiveness()), x0 + 8, y0 + 16);
    }

    /** The speed color bar and the end markers, along the bottom. */
    private static void legend(Graphics2D g, int y0, int width, float vmax) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(Color.BLACK);
        int x = 10;
        int y = y0 + 19;
        g.drawString("speed 0", x, y);
        x += 52;
        for (int i = 0; i < 160; i++) {
            g.setColor(speedColor(i / 159.0));
            g.fillRect(x + i, y - 10, 1, 12);
        }
        x += 166;
        g.setColor(Color.BLACK);
        g.drawString(String.format("%.1f world units/s", vmax), x, y);
        x += 130;
        g.setColor(new Color(0x1A9850));
        g.fillOval(x, y - 10, 11, 11);
        g.setColor(Color.BLACK);
        g.drawString("lap completed", x + 16, y);
        x += 110;
        g.setColor(new Color(0xD73027));
        g.setStroke(new BasicStroke(2.5f));
        g.draw(new Line2D.Double(x, y - 10, x + 10, y));
        g.draw(new Line2D.Double(x, y, x + 10, y - 10));
        g.setColor(Color.BLACK);
        g.drawString("left the road", x + 16, y);
        x += 100;
        g.setStroke(new BasicStroke(3f));
        g.draw(new Line2D.Double(x, y - 4, x + 18, y - 4));
        g.drawString("start line", x + 24, y);
    }

    private static void ring(Path2D path, float[] pts, Projector p) {
        boolean first = true;
        for (int i = 0; i + 1 < pts.length; i += 2) {
            if (!Float.isFinite(pts[i]) || !Float.isFinite(pts[i + 1])) {
                continue;
            }
            double[] q = p.at(pts[i], pts[i + 1]);
            if (first) {
                path.moveTo(q[0], q[1]);
                first = false;
            } else {
                path.lineTo(q[0], q[1]);
            }
        }
        if (!first) {
            path.closePath();
        }
    }

    /** Blue (slow) through yellow to red (fast). */
    private static Color speedColor(double f) {
        float t = (float) Math.max(0, Math.min(1, f));
        return Color.getHSBColor(0.66f * (1 - t), 0.9f, 0.85f);
    }

    @FunctionalInterface
    private interface Projector {
        double[] at(double x, double y);
    }
}
