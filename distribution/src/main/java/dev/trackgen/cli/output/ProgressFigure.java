package dev.trackgen.cli.output;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressEvents;
import dev.trackgen.course.progress.ProgressTracker;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.Locale;

/**
 * The progress figure of docs/course.md: a scripted agent drives one track of a batch for some
 * laps (weaving across the centerline) through a {@link ProgressTracker}; the top panel draws the
 * road, its checkpoints and start line and the agent's path colored by progress (checkpoints
 * passed), the bottom panel {@code dist_to_next} per step, the sawtooth a negative-delta reward
 * differentiates, with the passes marked.
 */
public final class ProgressFigure {
    private static final int WIDTH = 900;
    private static final int MAP_HEIGHT = 620;
    private static final int PLOT_HEIGHT = 260;

    /** What the scripted drive produced. */
    private record Drive(double[] x, double[] y, int[] progress, double[] dist, int[] passed, int laps, int steps) {
    }

    private ProgressFigure() {
    }

    /**
     * Drives env {@code env} of a batch and draws the figure.
     *
     * @param track     the batch (on any runtime)
     * @param halfWidth its road half-width
     * @param env       a valid env of the batch
     * @param laps      laps to drive, {@code >= 1}
     * @param title     the figure's title
     * @return the image
     * @throws IllegalArgumentException when the env is out of range or invalid
     */
    public static BufferedImage render(Track track, double halfWidth, int env, int laps, String title) {
        TrackSnapshot h = track.snapshot();
        if (env < 0 || env >= h.numEnvs() || !h.isValid(env)) {
            throw new IllegalArgumentException("env " + env + " is not a valid track of this batch");
        }
        StartGrid grid = StartGrid.builder(track).halfWidth(halfWidth).build().compute();
        Checkpoints cps = Checkpoints.builder(track).spacing(5 * halfWidth).startAt(grid).build().compute();
        Drive d = drive(track, h, cps, grid, halfWidth, env, laps);
        CourseOverlay overlay = CourseOverlay.compute(track, halfWidth, 1);
        BufferedImage img = new BufferedImage(WIDTH, MAP_HEIGHT + PLOT_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(PreviewRenderer.BACKGROUND);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.setColor(Color.DARK_GRAY);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
            g.drawString(title, 14, 24);
            drawMap(g, h, env, overlay, d);
            drawPlot(g, d);
        } finally {
            g.dispose();
        }
        return img;
    }

    private static Drive drive(Track track, TrackSnapshot h, Checkpoints cps, StartGrid grid, double hw, int env,
                               int laps) {
        ComputeRuntime rt = track.runtime();
        int envs = h.numEnvs();
        Vec2Array positions = rt.allocVec2(envs);
        ProgressTracker tracker = ProgressTracker.create(cps, positions, 1);
        float[] startS = new float[envs];
        int[] cpCount = new int[envs];
        float[] host = new float[2 * envs];
        java.util.Arrays.fill(host, Float.NaN);
        int[] passed = new int[envs];
        int[] progress = new int[envs];
        int[] lapsDone = new int[envs];
        float[] dist = new float[envs];
        LockScope lock = new LockScope(rt.executionLock());
        try (LockScope held = lock.acquire()) {
            rt.download(grid.startS(), startS);
            rt.download(cps.count(), cpCount);
        }
        double lap = h.length()[env];
        double step = lap / (16.0 * Math.max(1, cpCount[env])); // 16 steps between checkpoints
        int steps = (int) Math.ceil((laps * lap + 2 * hw) / step);
        Drive d = new Drive(new double[steps], new double[steps], new int[steps], new double[steps], new int[steps],
                0, steps);
        for (int t = 0; t < steps; t++) {
            double s = startS[env] - hw + t * step;
            double[] p = pointAt(h, env, s);
            double[] q = pointAt(h, env, s + 1e-3);
            double tx = q[0] - p[0];
            double ty = q[1] - p[1];
            double l = Math.max(Math.hypot(tx, ty), 1e-12);
            double n = 0.6 * hw * Math.sin(2 * Math.PI * s / (7 * hw)); // weave across the road
            host[2 * env] = (float) (p[0] - n * ty / l);
            host[2 * env + 1] = (float) (p[1] + n * tx / l);
            try (LockScope held = lock.acquire()) {
                rt.upload(host, positions);
                ProgressEvents ev = tracker.update();
                rt.download(ev.passed(), passed);
                rt.download(ev.progress(), progress);
                rt.download(ev.laps(), lapsDone);
                rt.download(ev.distToNext(), dist);
            }
            d.x()[t] = host[2 * env];
            d.y()[t] = host[2 * env + 1];
            d.progress()[t] = progress[env];
            d.dist()[t] = dist[env];
            d.passed()[t] = passed[env];
        }
        return new Drive(d.x(), d.y(), d.progress(), d.dist(), d.passed(), lapsDone[env], steps);
    }

    private static double[] pointAt(TrackSnapshot h, int e, double s) {
        int n = h.count(e);
        int b = e * h.nMax();
        double lap = h.length()[e];
        s = ((s % lap) + lap) % lap;
        float[] arc = h.arclen();
        int i = 0;
        while (i + 1 < n && arc[b + i + 1] <= s) {
            i++;
        }
        int j = (i + 1) % n;
        double seg = (i + 1 == n ? lap : arc[b + i + 1]) - arc[b + i];
        double f = seg > 0 ? (s - arc[b + i]) / seg : 0;
        float[] c = h.center();
        return new double[] {c[2 * (b + i)] + f * (c[2 * (b + j)] - c[2 * (b + i)]),
                c[2 * (b + i) + 1] + f * (c[2 * (b + j) + 1] - c[2 * (b + i) + 1])};
    }

    private static void drawMap(Graphics2D g, TrackSnapshot h, int env, CourseOverlay o, Drive d) {
        int n = h.count(env);
        int b = env * h.nMax();
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (float[] a : new float[][] {h.outer(), h.inner()}) {
            for (int i = 0; i < n; i++) {
                minX = Math.min(minX, a[2 * (b + i)]);
                maxX = Math.max(maxX, a[2 * (b + i)]);
                minY = Math.min(minY, a[2 * (b + i) + 1]);
                maxY = Math.max(maxY, a[2 * (b + i) + 1]);
            }
        }
        double top = 40;
        double scale = Math.min((WIDTH - 40) / (maxX - minX), (MAP_HEIGHT - top - 20) / (maxY - minY));
        AffineTransform t = new AffineTransform();
        t.translate(WIDTH / 2.0, top + (MAP_HEIGHT - top - 20) / 2.0);
        t.scale(scale, -scale);
        t.translate(-(minX + maxX) / 2, -(minY + maxY) / 2);
        Path2D.Double band = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        band.append(loop(h.outer(), b, n), false);
        band.append(loop(h.inner(), b, n), false);
        g.setColor(new Color(0xC9CDD2));
        g.fill(t.createTransformedShape(band));
        g.setColor(new Color(0x30343A));
        g.setStroke(new BasicStroke(1.2f));
        g.draw(t.createTransformedShape(loop(h.outer(), b, n)));
        g.draw(t.createTransformedShape(loop(h.inner(), b, n)));
        int m = o.cpCount()[env];
        for (int k = 0; k < m; k++) {
            int q = 2 * (env * o.maxCheckpoints() + k);
            double[] p = {o.cpInner()[q], o.cpInner()[q + 1], o.cpOuter()[q], o.cpOuter()[q + 1]};
            t.transform(p, 0, p, 0, 2);
            g.setStroke(new BasicStroke(k == 0 ? 5f : 1.4f));
            g.setColor(k == 0 ? Color.BLACK : new Color(0x1A73E8));
            g.draw(new Line2D.Double(p[0], p[1], p[2], p[3]));
        }
        int maxProgress = Math.max(1, d.progress()[d.steps() - 1]);
        g.setStroke(new BasicStroke(2.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int i = 1; i < d.steps(); i++) {
            double[] p = {d.x()[i - 1], d.y()[i - 1], d.x()[i], d.y()[i]};
            t.transform(p, 0, p, 0, 2);
            g.setColor(ramp((double) d.progress()[i] / maxProgress));
            g.draw(new Line2D.Double(p[0], p[1], p[2], p[3]));
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(Color.DARK_GRAY);
        g.drawString(String.format(Locale.ROOT, "path colored by progress (0 .. %d checkpoints passed, %d laps); "
                + "blue: checkpoints, black: start line", maxProgress, d.laps()), 14, MAP_HEIGHT - 6);
    }

    private static void drawPlot(Graphics2D g, Drive d) {
        int x0 = 60;
        int x1 = WIDTH - 20;
        int y0 = MAP_HEIGHT + 20;
        int y1 = MAP_HEIGHT + PLOT_HEIGHT - 40;
        double max = 0;
        for (double v : d.dist()) {
            if (Double.isFinite(v)) {
                max = Math.max(max, v);
            }
        }
        g.setColor(Color.WHITE);
        g.fillRect(x0, y0, x1 - x0, y1 - y0);
        g.setColor(new Color(0xD0D0CC));
        g.drawRect(x0, y0, x1 - x0, y1 - y0);
        g.setStroke(new BasicStroke(1f));
        for (int i = 0; i < d.steps(); i++) {
            if (d.passed()[i] != 0) {
                int x = x0 + (int) Math.round((x1 - x0) * (double) i / (d.steps() - 1));
                g.setColor(new Color(0xC8CCD2));
                g.drawLine(x, y0 + 1, x, y1 - 1);
            }
        }
        Path2D.Double curve = new Path2D.Double();
        boolean started = false;
        for (int i = 0; i < d.steps(); i++) {
            double v = d.dist()[i];
            if (!Double.isFinite(v)) {
                started = false;
                continue;
            }
            double x = x0 + (x1 - x0) * (double) i / (d.steps() - 1);
            double y = y1 - (y1 - y0) * v / max;
            if (started) {
                curve.lineTo(x, y);
            } else {
                curve.moveTo(x, y);
                started = true;
            }
        }
        g.setColor(new Color(0xD93025));
        g.setStroke(new BasicStroke(1.6f));
        g.draw(curve);
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString("dist_to_next", 6, y0 + 12);
        g.drawString(String.format(Locale.ROOT, "%.2f", max), 6, y0 + 28);
        g.drawString("0", x0 - 14, y1);
        g.drawString("step (" + d.steps() + " steps; grey lines: checkpoint passes)", x0, y1 + 18);
    }

    private static Path2D.Double loop(float[] a, int b, int n) {
        Path2D.Double p = new Path2D.Double();
        for (int i = 0; i < n; i++) {
            if (i == 0) {
                p.moveTo(a[2 * b], a[2 * b + 1]);
            } else {
                p.lineTo(a[2 * (b + i)], a[2 * (b + i) + 1]);
            }
        }
        p.closePath();
        return p;
    }

    /** A blue-to-yellow ramp (viridis-like) for {@code f} in {@code [0, 1]}. */
    private static Color ramp(double f) {
        double[][] stops = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
        double x = Math.max(0, Math.min(1, f)) * (stops.length - 1);
        int i = Math.min((int) x, stops.length - 2);
        double u = x - i;
        return new Color((int) (stops[i][0] + u * (stops[i + 1][0] - stops[i][0])),
                (int) (stops[i][1] + u * (stops[i + 1][1] - stops[i][1])),
                (int) (stops[i][2] + u * (stops[i + 1][2] - stops[i][2])));
    }
}
