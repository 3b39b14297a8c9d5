package dev.trackgen.cli.output;

import dev.trackgen.gates.GateCourseSnapshot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The gate-course preview (Java2D): a grid of envs, each cell the plan view (the course line,
 * each gate's bar from left to right endpoint, gate 0 marked, the flying direction by the gate
 * numbers) above the elevation profile (altitude of the course line against its 3D arc length,
 * the gates as dots). Invalid courses get a red cell.
 */
public final class GatePreview {
    /** Cells drawn by default. */
    public static final int DEFAULT_MAX_COURSES = 16;
    private static final Color LINE = new Color(0x1A73E8);
    private static final Color BAR = new Color(0xD93025);
    private static final Color FIRST = new Color(0x1E9E4A);
    private static final Color TEXT = new Color(0x30343A);
    private static final Color PROFILE = new Color(0x6B4FBB);
    private static final Color CELL_INVALID = new Color(0xFDE2E2);

    private final int maxCourses;
    private final int cell;

    /**
     * @param maxCourses most envs drawn, {@code >= 1}
     * @param cell       cell width in pixels (the plan view is square, the profile a third of it)
     */
    public GatePreview(int maxCourses, int cell) {
        this.maxCourses = maxCourses;
        this.cell = cell;
    }

    /**
     * @param s     the batch
     * @param title the line drawn on top
     * @return the image
     */
    public BufferedImage render(GateCourseSnapshot s, String title) {
        int shown = Math.min(maxCourses, s.numEnvs());
        int cols = (int) Math.ceil(Math.sqrt(shown));
        int rows = (shown + cols - 1) / cols;
        int profile = cell / 3;
        int h = cell + profile;
        BufferedImage img = new BufferedImage(cols * cell, PreviewRenderer.TITLE_HEIGHT + rows * h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(PreviewRenderer.BACKGROUND);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.setColor(TEXT);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
            g.drawString(title, 8, 24);
            for (int k = 0; k < shown; k++) {
                int x0 = (k % cols) * cell;
                int y0 = PreviewRenderer.TITLE_HEIGHT + (k / cols) * h;
                drawCourse(g, s, k, x0, y0, profile);
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    private void drawCourse(Graphics2D g, GateCourseSnapshot s, int e, int x0, int y0, int profile) {
        g.setColor(s.valid()[e] != 0 ? Color.WHITE : CELL_INVALID);
        g.fillRect(x0 + 1, y0 + 1, cell - 2, cell + profile - 2);
        int n = s.count()[e];
        int m = s.lineCount()[e];
        int gb = e * s.gMax();
        int lb = e * s.lineMax();
        float[] lp = s.linePoints();
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        double minZ = Double.POSITIVE_INFINITY;
        double maxZ = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < m; k++) {
            float x = lp[3 * (lb + k)];
            float y = lp[3 * (lb + k) + 1];
            float z = lp[3 * (lb + k) + 2];
            if (Float.isFinite(x) && Float.isFinite(y) && Float.isFinite(z)) {
                minX = Math.min(minX, x);
                maxX = Math.max(maxX, x);
                minY = Math.min(minY, y);
                maxY = Math.max(maxY, y);
                minZ = Math.min(minZ, z);
                maxZ = Math.max(maxZ, z);
            }
        }
        g.setColor(TEXT);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        g.drawString("env " + e + (s.valid()[e] != 0 ? "" : " (invalid)") + ", " + n + " gates", x0 + 4, y0 + 12);
        if (!(maxX >= minX)) {
            return;
        }
        double span = Math.max(maxX - minX, maxY - minY) * 1.15 + 1e-9;
        double scale = (cell - 20) / span;
        double cx = 0.5 * (minX + maxX);
        double cy = 0.5 * (minY + maxY);
        int px = x0 + cell / 2;
        int py = y0 + cell / 2 + 6;
        Path2D.Double line = new Path2D.Double();
        for (int k = 0; k <= m; k++) {
            int q = k % m;
            double x = px + (lp[3 * (lb + q)] - cx) * scale;
            double y = py - (lp[3 * (lb + q) + 1] - cy) * scale;
            if (k == 0) {
                line.moveTo(x, y);
            } else {
                line.lineTo(x, y);
            }
        }
        g.setColor(LINE);
        g.setStroke(new BasicStroke(1.2f));
        g.draw(line);
        g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int i = 0; i < n; i++) {
            int o = 3 * (gb + i);
            g.setColor(i == 0 ? FIRST : BAR);
            double lx = px + (s.left()[o] - cx) * scale;
            double ly = py - (s.left()[o + 1] - cy) * scale;
            double rx = px + (s.right()[o] - cx) * scale;
            double ry = py - (s.right()[o + 1] - cy) * scale;
            if (Math.hypot(rx - lx, ry - ly) < 3) {
                double x = px + (s.position()[o] - cx) * scale;
                double y = py - (s.position()[o + 1] - cy) * scale;
                g.fill(new java.awt.geom.Ellipse2D.Double(x - 2.5, y - 2.5, 5, 5));
            } else {
                g.draw(new Line2D.Double(lx, ly, rx, ry));
            }
            if (n <= 24) {
                g.setColor(TEXT);
                g.drawString(Integer.toString(i), (float) (0.5 * (lx + rx) + 4), (float) (0.5 * (ly + ry) - 4));
            }
        }
        // elevation profile: z against the line's arc length
        int top = y0 + cell + 4;
        int ph = profile - 12;
        double length = s.lineLength()[e];
        double zSpan = Math.max(maxZ - minZ, 1e-6);
        double zMid = 0.5 * (maxZ + minZ);
        g.setStroke(new BasicStroke(1.0f));
        g.setColor(new Color(0xE6E6E2));
        g.drawLine(x0 + 8, top + ph / 2, x0 + cell - 8, top + ph / 2);
        g.setColor(TEXT);
        g.drawString(String.format(java.util.Locale.ROOT, "z %.2f..%.2f", minZ, maxZ), x0 + 8, top + ph + 8);
        Path2D.Double prof = new Path2D.Double();
        for (int k = 0; k <= m; k++) {
            int q = k % m;
            double s0 = k == m ? length : s.lineArclen()[lb + q];
            double x = x0 + 8 + s0 / Math.max(length, 1e-9) * (cell - 16);
            double y = top + ph / 2.0 - (lp[3 * (lb + q) + 2] - zMid) / zSpan * (ph - 4);
            if (k == 0) {
                prof.moveTo(x, y);
            } else {
                prof.lineTo(x, y);
            }
        }
        g.setColor(PROFILE);
        g.draw(prof);
        int spg = s.lineMax() / s.gMax();
        for (int i = 0; i < n; i++) {
            int q = i * spg;
            double x = x0 + 8 + s.lineArclen()[lb + q] / Math.max(length, 1e-9) * (cell - 16);
            double y = top + ph / 2.0 - (lp[3 * (lb + q) + 2] - zMid) / zSpan * (ph - 4);
            g.setColor(i == 0 ? FIRST : BAR);
            g.fill(new java.awt.geom.Ellipse2D.Double(x - 2, y - 2, 4, 4));
        }
    }

    /**
     * @param image the rendered preview
     * @param file  the PNG to write
     * @throws IOException if writing fails
     */
    public void write(BufferedImage image, Path file) throws IOException {
        new PreviewRenderer(1, PreviewRenderer.DEFAULT_CELL_SIZE).write(image, file);
    }
}
