package dev.trackgen.cli.output;

import dev.trackgen.metrics.bench.BenchResult;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The {@code trackgen bench} chart, drawn with Java2D: tracks per second against the batch size E
 * (log scale; one line per generator and thread count) on the left, and against the thread count
 * at one batch size (one line per generator) on the right, under a title naming the machine.
 * Failed cases are left out. Works headless.
 */
public final class BenchChart {
    /** Image width, pixels. */
    public static final int WIDTH = 1100;
    /** Image height, pixels. */
    public static final int HEIGHT = 480;

    private static final Color[] PALETTE = {new Color(0x1F77B4), new Color(0xD62728), new Color(0x2CA02C),
        new Color(0xFF7F0E), new Color(0x9467BD), new Color(0x8C564B), new Color(0xE377C2), new Color(0x17BECF)};
    private static final Color AXIS = new Color(0x30343A);
    private static final Color GRID = new Color(0xE3E3DF);
    private static final Color TEXT = new Color(0x202124);
    private static final Color MUTED = new Color(0x6B6F76);
    private static final int TITLE_H = 56;
    private static final int PAD = 16;

    private BenchChart() {
    }

    /** One line of a panel. */
    private record Series(String label, List<double[]> points) {
    }

    /**
     * @param results         the bench results
     * @param threadSweepEnvs the batch size of the thread sweep
     * @param title           the title line
     * @param subtitle        the second line (machine, noise)
     * @return the chart
     */
    public static BufferedImage render(List<BenchResult> results, int threadSweepEnvs, String title, String subtitle) {
        BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(PreviewRenderer.BACKGROUND);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setColor(TEXT);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
            g.drawString(title, PAD, 24);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.setColor(MUTED);
            g.drawString(subtitle, PAD, 44);

            Map<String, Series> byE = new LinkedHashMap<>();
            Map<String, Series> byThreads = new LinkedHashMap<>();
            for (BenchResult r : results) {
                if (r.failure() != null) {
                    continue;
                }
                String gen = r.benchCase().generator();
                int t = r.benchCase().threads();
                byE.computeIfAbsent(gen + ", " + t + " thread" + (t == 1 ? "" : "s"), k -> new Series(k, new ArrayList<>()))
                        .points().add(new double[] {r.benchCase().envs(), r.tracksPerSecond()});
                if (r.benchCase().envs() == threadSweepEnvs) {
                    byThreads.computeIfAbsent(gen, k -> new Series(k, new ArrayList<>()))
                            .points().add(new double[] {t, r.tracksPerSecond()});
                }
            }
            int panelW = (WIDTH - 3 * PAD) / 2;
            panel(g, PAD, TITLE_H, panelW, HEIGHT - TITLE_H - PAD, "tracks per second vs batch size E",
                    "E (log scale)", true, new ArrayList<>(byE.values()));
            panel(g, 2 * PAD + panelW, TITLE_H, panelW, HEIGHT - TITLE_H - PAD,
                    "tracks per second vs threads at E = " + threadSweepEnvs, "threads", false,
                    new ArrayList<>(byThreads.values()));
        } finally {
            g.dispose();
        }
        return img;
    }

    private static void panel(Graphics2D g, int x, int y, int w, int h, String title, String xLabel, boolean logX,
                              List<Series> series) {
        g.setColor(Color.WHITE);
        g.fillRect(x, y, w, h);
        g.setColor(GRID);
        g.drawRect(x, y, w - 1, h - 1);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.setColor(TEXT);
        g.drawString(title, x + 10, y + 20);
        int left = x + 70;
        int right = x + w - 20;
        int top = y + 36;
        int bottom = y + h - 44 - 16 * ((series.size() + 1) / 2);
        TreeSet<Double> xs = new TreeSet<>();
        double yMax = 0;
        for (Series s : series) {
            for (double[] p : s.points()) {
                xs.add(p[0]);
                yMax = Math.max(yMax, p[1]);
            }
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        FontMetrics fm = g.getFontMetrics();
        if (xs.isEmpty() || !(yMax > 0)) {
            g.setColor(MUTED);
            g.drawString("no data", (left + right) / 2 - 20, (top + bottom) / 2);
            return;
        }
        double yTop = niceCeiling(yMax);
        double xMin = xs.first();
        double xMax = xs.last();
        java.util.function.DoubleUnaryOperator fx = v -> {
            if (xMax == xMin) {
                return (left + right) / 2.0;
            }
            double t = logX ? Math.log(v / xMin) / Math.log(xMax / xMin) : (v - xMin) / (xMax - xMin);
            return left + 10 + t * (right - left - 20);
        };
        java.util.function.DoubleUnaryOperator fy = v -> bottom - v / yTop * (bottom - top);
        for (int k = 0; k <= 4; k++) {
            double v = yTop * k / 4;
            int py = (int) Math.round(fy.applyAsDouble(v));
            g.setColor(GRID);
            g.drawLine(left, py, right, py);
            g.setColor(MUTED);
            String label = compact(v);
            g.drawString(label, left - 6 - fm.stringWidth(label), py + fm.getAscent() / 2 - 1);
        }
        for (double v : xs) {
            int px = (int) Math.round(fx.applyAsDouble(v));
            g.setColor(GRID);
            g.drawLine(px, top, px, bottom);
            g.setColor(MUTED);
            String label = compact(v);
            g.drawString(label, px - fm.stringWidth(label) / 2, bottom + 14);
        }
        g.setColor(AXIS);
        g.draw(new Line2D.Double(left, bottom, right, bottom));
        g.draw(new Line2D.Double(left, top, left, bottom));
        g.setColor(MUTED);
        g.drawString(xLabel, (left + right - fm.stringWidth(xLabel)) / 2, bottom + 28);
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            Color c = PALETTE[i % PALETTE.length];
            List<double[]> pts = new ArrayList<>(s.points());
            pts.sort((a, b) -> Double.compare(a[0], b[0]));
            Path2D.Double path = new Path2D.Double();
            for (int k = 0; k < pts.size(); k++) {
                double px = fx.applyAsDouble(pts.get(k)[0]);
                double py = fy.applyAsDouble(pts.get(k)[1]);
                if (k == 0) {
                    path.moveTo(px, py);
                } else {
                    path.lineTo(px, py);
                }
            }
            g.setColor(c);
            g.setStroke(new BasicStroke(2f));
            g.draw(path);
            g.setStroke(new BasicStroke(1f));
            for (double[] p : pts) {
                g.fill(new Ellipse2D.Double(fx.applyAsDouble(p[0]) - 4, fy.applyAsDouble(p[1]) - 4, 8, 8));
            }
            int lx = left + (i % 2) * (right - left) / 2;
            int ly = bottom + 46 + 16 * (i / 2);
            g.fillRect(lx, ly - 8, 14, 4);
            g.setColor(TEXT);
            g.drawString(s.label(), lx + 20, ly - 3);
        }
    }

    private static double niceCeiling(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    static String compact(double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.3gM", v / 1e6);
        }
        if (v >= 1e4) {
            return String.format(Locale.ROOT, "%.3gk", v / 1e3);
        }
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /**
     * Encodes the chart as PNG.
     *
     * @param image the chart
     * @param file  the file to create or replace
     * @throws IOException if writing fails
     */
    public static void write(BufferedImage image, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG encoder is available in this Java runtime");
            }
        }
    }
}
