package dev.trackgen.cli.output;

import dev.trackgen.api.TrackSnapshot;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Draws tracks of a batch as a grid of cells with Java2D, for judging a batch at a glance: each
 * track scaled to fit its own cell and labelled with its env index, the road band (the area
 * between the outer and inner border) in grey, the centerline in yellow, the start point in
 * green. Invalid tracks get a red-tinted cell, red road and an "INVALID" label. A title line above
 * the grid says what was generated.
 *
 * <p>The cells show the first tracks of the batch; when the batch has invalid tracks beyond them,
 * up to a quarter of the cells are given to those instead (see {@link #select}), so failures are
 * visible even when they are rare. Usable without the CLI; works headless.
 */
public final class PreviewRenderer {
    /** Tracks drawn by default (a 6 x 6 grid). */
    public static final int DEFAULT_MAX_TRACKS = 36;
    /** Default cell edge, pixels. */
    public static final int DEFAULT_CELL_SIZE = 200;
    /** Height of the title band, pixels. */
    public static final int TITLE_HEIGHT = 40;
    /** The page background. */
    public static final Color BACKGROUND = new Color(0xF7F7F4);

    private static final Color CELL_VALID = Color.WHITE;
    private static final Color CELL_INVALID = new Color(0xFDE2E2);
    private static final Color GRID_LINE = new Color(0xD0D0CC);
    private static final Color ROAD = new Color(0x8E959C);
    private static final Color ROAD_INVALID = new Color(0xE0837F);
    private static final Color BORDER = new Color(0x30343A);
    private static final Color BORDER_INVALID = new Color(0xB3261E);
    private static final Color CENTERLINE = new Color(0xF5C518);
    private static final Color START = new Color(0x1E9E4A);
    private static final Color CHECKPOINT = new Color(0x1A73E8);
    private static final Color GRID_SLOT = new Color(0xF28C28);
    private static final Color POLE = new Color(0xD93025);
    private static final Color TEXT = new Color(0x202124);
    private static final Color TEXT_MUTED = new Color(0x6B6F76);
    private static final int PAD = 12;

    private final int maxTracks;
    private final int cellSize;

    /** A renderer of up to {@value #DEFAULT_MAX_TRACKS} tracks in {@value #DEFAULT_CELL_SIZE}-pixel cells. */
    public PreviewRenderer() {
        this(DEFAULT_MAX_TRACKS, DEFAULT_CELL_SIZE);
    }

    /**
     * @param maxTracks the most tracks drawn (the first ones of the batch), {@code >= 1}
     * @param cellSize  cell edge in pixels, {@code >= 64}
     */
    public PreviewRenderer(int maxTracks, int cellSize) {
        if (maxTracks < 1) {
            throw new IllegalArgumentException("maxTracks must be >= 1, got " + maxTracks);
        }
        if (cellSize < 64) {
            throw new IllegalArgumentException("cellSize must be >= 64 pixels, got " + cellSize);
        }
        this.maxTracks = maxTracks;
        this.cellSize = cellSize;
    }

    /**
     * @param numEnvs the batch size
     * @return how many tracks a preview of such a batch shows
     */
    public int shown(int numEnvs) {
        return Math.min(numEnvs, maxTracks);
    }

    /**
     * Chooses the tracks to draw: the first {@link #shown} envs, except that when invalid envs lie
     * beyond them, up to a quarter of the cells (at least one) go to the first of those instead.
     *
     * @param snapshot the batch
     * @return env indices in increasing order, {@code shown(numEnvs)} of them
     */
    public int[] select(TrackSnapshot snapshot) {
        int e = snapshot.numEnvs();
        int k = shown(e);
        int[] envs = new int[k];
        for (int i = 0; i < k; i++) {
            envs[i] = i;
        }
        int shownInvalid = 0;
        for (int i = 0; i < k; i++) {
            shownInvalid += snapshot.isValid(i) ? 0 : 1;
        }
        int budget = Math.max(1, k / 4) - shownInvalid;
        List<Integer> extra = new ArrayList<>();
        for (int env = k; env < e && extra.size() < budget; env++) {
            if (!snapshot.isValid(env)) {
                extra.add(env);
            }
        }
        // Replace the last valid cells by the extra invalid envs, keeping the order by env index.
        int slot = k - 1;
        for (int j = extra.size() - 1; j >= 0; j--) {
            while (slot >= 0 && !snapshot.isValid(envs[slot])) {
                slot--;
            }
            envs[slot--] = extra.get(j);
        }
        Arrays.sort(envs);
        return envs;
    }

    /**
     * @param numEnvs the batch size
     * @return the grid's columns
     */
    public int columns(int numEnvs) {
        return (int) Math.ceil(Math.sqrt(shown(numEnvs)));
    }

    /**
     * @param numEnvs the batch size
     * @return the grid's rows
     */
    public int rows(int numEnvs) {
        int cols = columns(numEnvs);
        return (shown(numEnvs) + cols - 1) / cols;
    }

    /**
     * @param numEnvs the batch size
     * @return the image width in pixels (at least 480, so the title fits)
     */
    public int width(int numEnvs) {
        return Math.max(columns(numEnvs) * cellSize, 480);
    }

    /**
     * @param numEnvs the batch size
     * @return the image height in pixels: the title band plus the grid
     */
    public int height(int numEnvs) {
        return TITLE_HEIGHT + rows(numEnvs) * cellSize;
    }

    /**
     * @param snapshot the batch
     * @param title    the title line (what was generated)
     * @return the preview image, {@link #width} by {@link #height} pixels
     */
    public BufferedImage render(TrackSnapshot snapshot, String title) {
        return render(snapshot, title, null);
    }

    /**
     * @param snapshot the batch
     * @param title    the title line (what was generated)
     * @param course   start lines, checkpoints and grids to draw on each cell, or {@code null}:
     *                 checkpoints as thin blue cross-sections, the start line as a black and white
     *                 bar, grid slots as orange arrows
     * @return the preview image, {@link #width} by {@link #height} pixels
     */
    public BufferedImage render(TrackSnapshot snapshot, String title, CourseOverlay course) {
        return render(snapshot, title, course, null);
    }

    /**
     * @param snapshot the batch
     * @param title    the title line (what was generated)
     * @param course   start lines, checkpoints and grids, or {@code null} (see {@link #render(TrackSnapshot, String, CourseOverlay)})
     * @param raceline the racing lines coloured by speed, with a colour bar in the title row, or {@code null}
     * @return the preview image, {@link #width} by {@link #height} pixels
     */
    public BufferedImage render(TrackSnapshot snapshot, String title, CourseOverlay course, RacelineLayer raceline) {
        int e = snapshot.numEnvs();
        BufferedImage img = new BufferedImage(width(e), height(e), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setColor(BACKGROUND);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            int reserve = raceline != null ? RacelineLayer.BAR_SPACE : 0;
            drawTitle(g, title, snapshot, img.getWidth() - reserve);
            if (raceline != null) {
                FontMetrics fm = g.getFontMetrics(new Font(Font.SANS_SERIF, Font.BOLD, 15));
                raceline.drawBar(g, img.getWidth() - PAD, (TITLE_HEIGHT + fm.getAscent() - fm.getDescent()) / 2, TEXT);
            }
            int cols = columns(e);
            int[] envs = select(snapshot);
            for (int i = 0; i < envs.length; i++) {
                int x = (i % cols) * cellSize;
                int y = TITLE_HEIGHT + (i / cols) * cellSize;
                drawCell(g, snapshot, envs[i], x, y, course, raceline);
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    /**
     * Encodes an image as PNG.
     *
     * @param image the image
     * @param file  the file to create or replace
     * @throws IOException if writing fails
     */
    public void write(BufferedImage image, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG encoder is available in this Java runtime");
            }
        }
    }

    private void drawTitle(Graphics2D g, String title, TrackSnapshot s, int width) {
        g.setColor(TEXT);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        FontMetrics fm = g.getFontMetrics();
        int baseline = (TITLE_HEIGHT + fm.getAscent() - fm.getDescent()) / 2;
        g.drawString(fit(title, fm, width - 2 * PAD), PAD, baseline);
        int[] envs = select(s);
        boolean firstOnly = envs.length == 0 || envs[envs.length - 1] == envs.length - 1;
        String note = "showing " + envs.length + " of " + s.numEnvs()
                + (firstOnly ? "" : ", invalid ones included");
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        FontMetrics small = g.getFontMetrics();
        int titleEnd = PAD + fm.stringWidth(title) + 16;
        int noteX = width - PAD - small.stringWidth(note);
        if (noteX > titleEnd) {
            g.setColor(TEXT_MUTED);
            g.drawString(note, noteX, baseline);
        }
    }

    private static String fit(String text, FontMetrics fm, int maxWidth) {
        if (fm.stringWidth(text) <= maxWidth) {
            return text;
        }
        String t = text;
        while (t.length() > 1 && fm.stringWidth(t + "...") > maxWidth) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "...";
    }

    private void drawCell(Graphics2D g, TrackSnapshot s, int env, int x, int y, CourseOverlay course,
                          RacelineLayer raceline) {
        boolean valid = s.isValid(env);
        g.setColor(valid ? CELL_VALID : CELL_INVALID);
        g.fillRect(x, y, cellSize, cellSize);
        g.setColor(GRID_LINE);
        g.drawRect(x, y, cellSize - 1, cellSize - 1);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        FontMetrics fm = g.getFontMetrics();
        int labelH = fm.getHeight();
        g.setColor(TEXT_MUTED);
        g.drawString("#" + env, x + 6, y + 4 + fm.getAscent());
        if (!valid) {
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
            FontMetrics bold = g.getFontMetrics();
            g.setColor(BORDER_INVALID);
            g.drawString("INVALID", x + cellSize - 6 - bold.stringWidth("INVALID"), y + 4 + bold.getAscent());
        }

        int n = Math.min(s.count(env), s.nMax());
        Rectangle2D bounds = bounds(s, env, n);
        if (bounds == null) {
            g.setColor(TEXT_MUTED);
            g.drawString("no points", x + (cellSize - fm.stringWidth("no points")) / 2, y + cellSize / 2);
            return;
        }
        double top = 4 + labelH;
        double avail = cellSize - 2.0 * PAD;
        double availH = cellSize - top - PAD;
        double scale = Math.min(avail / Math.max(bounds.getWidth(), 1e-9), availH / Math.max(bounds.getHeight(), 1e-9));
        // World y points up; image y points down.
        AffineTransform t = new AffineTransform();
        t.translate(x + cellSize / 2.0, y + top + availH / 2.0);
        t.scale(scale, -scale);
        t.translate(-bounds.getCenterX(), -bounds.getCenterY());

        Path2D.Double outer = loop(s.outer(), env, n, s.nMax());
        Path2D.Double inner = loop(s.inner(), env, n, s.nMax());
        Path2D.Double band = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        band.append(outer, false);
        band.append(inner, false);

        g.setColor(valid ? ROAD : ROAD_INVALID);
        g.fill(t.createTransformedShape(band));
        g.setStroke(new BasicStroke(1.1f));
        g.setColor(valid ? BORDER : BORDER_INVALID);
        g.draw(t.createTransformedShape(outer));
        g.draw(t.createTransformedShape(inner));
        float[] zr = heightRange(s, env, n);
        if (zr == null) {
            g.setStroke(new BasicStroke(1.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {4f, 3f}, 0f));
            g.setColor(CENTERLINE);
            g.draw(t.createTransformedShape(loop(s.center(), env, n, s.nMax())));
        } else {
            drawHeights(g, t, s, env, n, zr, x, y);
        }

        if (raceline != null) {
            raceline.draw(g, t, env);
        }
        float[] c = s.center();
        int base = 2 * env * s.nMax();
        if (course != null) {
            drawCourse(g, t, scale, course, env);
            return;
        }
        if (Float.isFinite(c[base]) && Float.isFinite(c[base + 1])) {
            double[] p = {c[base], c[base + 1]};
            t.transform(p, 0, p, 0, 1);
            g.setColor(START);
            g.fill(new Ellipse2D.Double(p[0] - 3.5, p[1] - 3.5, 7, 7));
        }
    }

    /**
     * @return the lowest and highest centerline height of the env's real points, or null when the
     *         track is flat (one height) or has no finite height: flat tracks keep the dashed
     *         centerline
     */
    static float[] heightRange(TrackSnapshot s, int env, int n) {
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        float[] z = s.centerZ();
        int b = env * s.nMax();
        for (int i = 0; i < n; i++) {
            float v = z[b + i];
            if (Float.isFinite(v)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return hi > lo ? new float[] {lo, hi} : null;
    }

    /**
     * Colour ramp of heights and of the racing line's speed: low blue through green and yellow to high red.
     *
     * @param u position on the ramp, clamped to {@code [0, 1]}
     * @return the colour
     */
    public static Color heightColor(double u) {
        float h = (float) (0.66 * (1 - Math.min(Math.max(u, 0), 1)));
        return Color.getHSBColor(h, 0.85f, 0.9f);
    }

    /** The centerline coloured by height (edge by edge) and the height range, for an elevated track. */
    private void drawHeights(Graphics2D g, AffineTransform t, TrackSnapshot s, int env, int n, float[] zr, int x, int y) {
        float[] c = s.center();
        float[] z = s.centerZ();
        int b = env * s.nMax();
        g.setStroke(new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double[] p = {c[2 * (b + i)], c[2 * (b + i) + 1], c[2 * (b + j)], c[2 * (b + j) + 1]};
            if (!(Double.isFinite(p[0]) && Double.isFinite(p[1]) && Double.isFinite(p[2]) && Double.isFinite(p[3]))) {
                continue;
            }
            t.transform(p, 0, p, 0, 2);
            g.setColor(heightColor((0.5 * (z[b + i] + z[b + j]) - zr[0]) / (zr[1] - zr[0])));
            g.draw(new java.awt.geom.Line2D.Double(p[0], p[1], p[2], p[3]));
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        FontMetrics fm = g.getFontMetrics();
        String label = String.format(java.util.Locale.ROOT, "z %.2f..%.2f", zr[0], zr[1]);
        int lx = x + 6;
        int ly = y + cellSize - 5;
        int sw = 8;
        for (int k = 0; k < 4; k++) {
            g.setColor(heightColor(k / 3.0));
            g.fillRect(lx + k * sw, ly - fm.getAscent() + 2, sw, fm.getAscent() - 2);
        }
        g.setColor(TEXT_MUTED);
        g.drawString(label, lx + 4 * sw + 4, ly);
    }

    private static void drawCourse(Graphics2D g, AffineTransform t, double scale, CourseOverlay o, int env) {
        int m = Math.min(o.cpCount()[env], o.maxCheckpoints());
        g.setStroke(new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND));
        g.setColor(CHECKPOINT);
        for (int k = 1; k < m; k++) {
            int q = 2 * (env * o.maxCheckpoints() + k);
            segment(g, t, o.cpInner()[q], o.cpInner()[q + 1], o.cpOuter()[q], o.cpOuter()[q + 1]);
        }
        if (m > 0) {
            int q = 2 * env * o.maxCheckpoints();
            g.setStroke(new BasicStroke(5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND));
            g.setColor(Color.BLACK);
            segment(g, t, o.cpInner()[q], o.cpInner()[q + 1], o.cpOuter()[q], o.cpOuter()[q + 1]);
            g.setStroke(new BasicStroke(5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {2.5f, 2.5f},
                    0f));
            g.setColor(Color.WHITE);
            segment(g, t, o.cpInner()[q], o.cpInner()[q + 1], o.cpOuter()[q], o.cpOuter()[q + 1]);
        }
        double len = Math.max(6, 1.2 * o.halfWidth() * scale);
        for (int k = 0; k < o.slots(); k++) {
            int q = 2 * (env * o.slots() + k);
            double[] p = {o.gridPosition()[q], o.gridPosition()[q + 1]};
            if (!Double.isFinite(p[0]) || !Double.isFinite(p[1])) {
                continue;
            }
            t.transform(p, 0, p, 0, 1);
            double hx = o.gridHeading()[q];
            double hy = -o.gridHeading()[q + 1]; // image y points down
            Path2D.Double arrow = new Path2D.Double();
            arrow.moveTo(p[0] + hx * len * 0.6, p[1] + hy * len * 0.6);
            arrow.lineTo(p[0] - hx * len * 0.4 - hy * len * 0.3, p[1] - hy * len * 0.4 + hx * len * 0.3);
            arrow.lineTo(p[0] - hx * len * 0.4 + hy * len * 0.3, p[1] - hy * len * 0.4 - hx * len * 0.3);
            arrow.closePath();
            g.setColor(k == 0 ? POLE : GRID_SLOT);
            g.fill(arrow);
            g.setStroke(new BasicStroke(0.8f));
            g.setColor(BORDER);
            g.draw(arrow);
        }
    }

    private static void segment(Graphics2D g, AffineTransform t, float ax, float ay, float bx, float by) {
        if (!Float.isFinite(ax) || !Float.isFinite(ay) || !Float.isFinite(bx) || !Float.isFinite(by)) {
            return;
        }
        double[] p = {ax, ay, bx, by};
        t.transform(p, 0, p, 0, 2);
        g.draw(new java.awt.geom.Line2D.Double(p[0], p[1], p[2], p[3]));
    }

    private static Rectangle2D bounds(TrackSnapshot s, int env, int n) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        int base = 2 * env * s.nMax();
        for (float[] a : new float[][] {s.outer(), s.inner(), s.center()}) {
            for (int i = 0; i < n; i++) {
                float px = a[base + 2 * i];
                float py = a[base + 2 * i + 1];
                if (Float.isFinite(px) && Float.isFinite(py)) {
                    minX = Math.min(minX, px);
                    maxX = Math.max(maxX, px);
                    minY = Math.min(minY, py);
                    maxY = Math.max(maxY, py);
                }
            }
        }
        if (minX > maxX) {
            return null;
        }
        return new Rectangle2D.Double(minX, minY, maxX - minX, maxY - minY);
    }

    /** A closed polyline through the finite points of one track; non-finite points break it. */
    private static Path2D.Double loop(float[] a, int env, int n, int nMax) {
        Path2D.Double p = new Path2D.Double();
        int base = 2 * env * nMax;
        boolean open = false;
        boolean broken = false;
        for (int i = 0; i < n; i++) {
            float px = a[base + 2 * i];
            float py = a[base + 2 * i + 1];
            if (!Float.isFinite(px) || !Float.isFinite(py)) {
                open = false;
                broken = true;
                continue;
            }
            if (open) {
                p.lineTo(px, py);
            } else {
                p.moveTo(px, py);
                open = true;
            }
        }
        if (open && !broken) {
            p.closePath();
        }
        return p;
    }
}
