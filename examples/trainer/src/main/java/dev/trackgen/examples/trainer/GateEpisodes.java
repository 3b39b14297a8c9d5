package dev.trackgen.examples.trainer;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.course.Course;
import dev.trackgen.gates.GateCourse;

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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Keeps a few finished gate episodes (the course's gates and line, the drone's path) and draws
 * them: one panel each, the plan view (course line grey, gate bars orange, gate 0 green, the path
 * coloured by outcome) over an elevation strip (line and path altitude against step). At most a third of
 * the panels (rounded up) show one outcome, so laps, misses and hits all appear when they happen.
 */
final class GateEpisodes {
    private static final int PANEL = 360;
    private static final int STRIP = 90;
    private static final int TITLE = 22;

    /**
     * One finished episode.
     *
     * @param env            env
     * @param gates          gate bar ends {@code [G]} of {@code (lx, ly, rx, ry)}
     * @param line           course-line points {@code [L]} of {@code (x, y, z)}
     * @param path           drone positions {@code [steps]} of {@code (x, y, z)}
     * @param outcome        how it ended
     * @param seconds        its duration, s
     * @param aggressiveness the drone's draw
     */
    record Flight(int env, float[] gates, float[] line, float[] path, GatesTrainerLoop.Outcome outcome, double seconds,
                  double aggressiveness) {
    }

    private final Course course;
    private final int panels;
    private final int watched;
    private final int maxSteps;
    private final float[][] paths;
    private final int[] lengths;
    private final List<Flight> finished = new ArrayList<>();
    private final Map<GatesTrainerLoop.Outcome, Integer> shown = new EnumMap<>(GatesTrainerLoop.Outcome.class);

    GateEpisodes(Course course, int panels, int maxSteps) {
        this.course = course;
        this.panels = panels;
        this.watched = Math.min(course.numEnvs(), Math.max(1, 4 * panels));
        this.maxSteps = maxSteps;
        this.paths = new float[watched][3 * (maxSteps + 1)];
        this.lengths = new int[watched];
    }

    /** Appends agent 0's position of every watched env. */
    void record() {
        float[] pos = ((HostF32Array) course.flightPoses().position()).data();
        int agents = course.agents();
        for (int e = 0; e < watched; e++) {
            if (lengths[e] <= maxSteps) {
                System.arraycopy(pos, 3 * e * agents, paths[e], 3 * lengths[e], 3);
                lengths[e]++;
            }
        }
    }

    /** Env {@code e} ended an episode: keep it if there is room for its outcome. */
    void ended(int e, GatesTrainerLoop.Outcome outcome, double seconds, double aggressiveness) {
        if (e >= watched || finished.size() >= panels || lengths[e] < 2
                || shown.getOrDefault(outcome, 0) >= (panels + 2) / 3) {
            return;
        }
        GateCourse g = course.gates();
        int n = ((HostI32Array) g.count()).data()[e];
        int l = ((HostI32Array) g.lineCount()).data()[e];
        float[] left = ((HostF32Array) g.left()).data();
        float[] right = ((HostF32Array) g.right()).data();
        float[] bars = new float[4 * n];
        for (int k = 0; k < n; k++) {
            int f = e * g.gMax() + k;
            bars[4 * k] = left[3 * f];
            bars[4 * k + 1] = left[3 * f + 1];
            bars[4 * k + 2] = right[3 * f];
            bars[4 * k + 3] = right[3 * f + 1];
        }
        float[] line = new float[3 * l];
        System.arraycopy(((HostF32Array) g.linePoints()).data(), 3 * e * g.lineMax(), line, 0, 3 * l);
        finished.add(new Flight(e, bars, line, java.util.Arrays.copyOf(paths[e], 3 * lengths[e]), outcome, seconds,
                aggressiveness));
        shown.merge(outcome, 1, Integer::sum);
    }

    /** Env {@code e} started a new episode. */
    void started(int e) {
        if (e < watched) {
            lengths[e] = 0;
        }
    }

    /** @return the kept episodes */
    List<Flight> finished() {
        return finished;
    }

    private static Color colour(GatesTrainerLoop.Outcome o) {
        return switch (o) {
            case LAP -> new Color(0x2e7d32);
            case MISS -> new Color(0x8e24aa);
            case HIT -> new Color(0xd32f2f);
            case TIMEOUT -> new Color(0x757575);
        };
    }

    /**
     * @param flights the episodes, three panels per row
     * @param out     the PNG to write
     * @throws IOException if it cannot be written
     */
    static void write(List<Flight> flights, Path out) throws IOException {
        int cols = Math.min(3, Math.max(1, flights.size()));
        int rows = Math.max(1, (flights.size() + cols - 1) / cols);
        int ph = TITLE + PANEL + STRIP;
        BufferedImage img = new BufferedImage(cols * PANEL, rows * ph, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        for (int i = 0; i < flights.size(); i++) {
            draw(g, flights.get(i), (i % cols) * PANEL, (i / cols) * ph);
        }
        g.dispose();
        ImageIO.write(img, "png", out.toFile());
    }

    private static void draw(Graphics2D g, Flight f, int x0, int y0) {
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        double minZ = Double.MAX_VALUE;
        double maxZ = -Double.MAX_VALUE;
        for (float[] pts : new float[][] {f.line(), f.path()}) {
            for (int i = 0; i + 2 < pts.length; i += 3) {
                minX = Math.min(minX, pts[i]);
                maxX = Math.max(maxX, pts[i]);
                minY = Math.min(minY, pts[i + 1]);
                maxY = Math.max(maxY, pts[i + 1]);
                minZ = Math.min(minZ, pts[i + 2]);
                maxZ = Math.max(maxZ, pts[i + 2]);
            }
        }
        double size = Math.max(maxX - minX, maxY - minY) * 1.08 + 1e-6;
        double cx = (minX + maxX) / 2;
        double cy = (minY + maxY) / 2;
        double px = PANEL / size;
        int top = y0 + TITLE;
        java.util.function.DoubleUnaryOperator sx = x -> x0 + PANEL / 2.0 + (x - cx) * px;
        java.util.function.DoubleUnaryOperator sy = y -> top + PANEL / 2.0 - (y - cy) * px;
        g.setColor(new Color(0x90a4ae));
        g.setStroke(new BasicStroke(1.5f));
        g.draw(polyline(f.line(), sx, sy, true));
        g.setStroke(new BasicStroke(3f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int k = 0; 4 * k + 3 < f.gates().length; k++) {
            g.setColor(k == 0 ? new Color(0x2e7d32) : new Color(0xef6c00));
            float[] b = f.gates();
            g.draw(new Line2D.Double(sx.applyAsDouble(b[4 * k]), sy.applyAsDouble(b[4 * k + 1]),
                    sx.applyAsDouble(b[4 * k + 2]), sy.applyAsDouble(b[4 * k + 3])));
        }
        g.setColor(colour(f.outcome()));
        g.setStroke(new BasicStroke(1.5f));
        g.draw(polyline(f.path(), sx, sy, false));
        // elevation strip: altitude against the fraction of the line / of the episode
        int st = top + PANEL;
        double zs = Math.max(maxZ - minZ, 1e-6);
        g.setColor(new Color(0xf5f5f5));
        g.fillRect(x0 + 4, st + 4, PANEL - 8, STRIP - 8);
        drawProfile(g, f.line(), x0, st, zs, minZ, new Color(0x90a4ae));
        drawProfile(g, f.path(), x0, st, zs, minZ, colour(f.outcome()));
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString(String.format(Locale.ROOT, "env %d: %s after %.1f s, aggressiveness %.2f, z %.2f..%.2f", f.env(),
                f.outcome().name().toLowerCase(Locale.ROOT), f.seconds(), f.aggressiveness(), minZ, maxZ), x0 + 6, y0 + 15);
    }

    private static void drawProfile(Graphics2D g, float[] pts, int x0, int st, double zs, double minZ, Color c) {
        int n = pts.length / 3;
        if (n < 2) {
            return;
        }
        Path2D.Double p = new Path2D.Double();
        for (int i = 0; i < n; i++) {
            double x = x0 + 8 + (PANEL - 16) * i / (double) (n - 1);
            double y = st + STRIP - 10 - (STRIP - 20) * (pts[3 * i + 2] - minZ) / zs;
            if (i == 0) {
                p.moveTo(x, y);
            } else {
                p.lineTo(x, y);
            }
        }
        g.setColor(c);
        g.draw(p);
    }

    private static Path2D polyline(float[] pts, java.util.function.DoubleUnaryOperator sx,
                                   java.util.function.DoubleUnaryOperator sy, boolean closed) {
        Path2D.Double p = new Path2D.Double();
        for (int i = 0; i + 2 < pts.length; i += 3) {
            double x = sx.applyAsDouble(pts[i]);
            double y = sy.applyAsDouble(pts[i + 1]);
            if (i == 0) {
                p.moveTo(x, y);
            } else {
                p.lineTo(x, y);
            }
        }
        if (closed) {
            p.closePath();
        }
        return p;
    }
}
