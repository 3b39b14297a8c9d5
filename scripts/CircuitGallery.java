import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.PolylineMetrics;
import dev.trackgen.metrics.circuit.Circuit;
import dev.trackgen.metrics.circuit.CircuitImporter;
import dev.trackgen.metrics.circuit.ReferenceCircuits;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws docs/images/circuit-gallery.png (real circuits and circuit-generator laps at one common
 * scale, in half-widths) and docs/images/circuit-metrics.png (histograms of the generated laps'
 * metrics at E = 512, seed 0, with each real circuit's value marked). Run from the repository root
 * after building the product:
 *
 *   java -cp "distribution/target/trackgen/lib/*" scripts/CircuitGallery.java DIR_WITH_TUM_CSVS...
 */
public class CircuitGallery {
    static final double HW = 0.1;

    record Lap(String name, float[] xy, int n, double[] metrics) {
    }

    static double[] metrics(double[] p, int n) {
        double[] turn = new double[n];
        double[] k = new double[n];
        PolylineMetrics.turnAngles(p, n, turn);
        PolylineMetrics.curvature(p, n, turn, k);
        return new double[] {PolylineMetrics.perimeter(p, n) / HW, PolylineMetrics.straightFraction(k, n),
                PolylineMetrics.compactness(p, n), PolylineMetrics.chicanes(turn, n),
                PolylineMetrics.peakCurvature(k, n) * HW};
    }

    static Lap lap(String name, float[] center, int base, int n) {
        float[] xy = new float[2 * n];
        double[] p = new double[2 * n];
        double cx = 0, cy = 0;
        for (int i = 0; i < n; i++) {
            cx += center[2 * (base + i)] / n;
            cy += center[2 * (base + i) + 1] / n;
        }
        for (int i = 0; i < n; i++) {
            xy[2 * i] = (float) ((center[2 * (base + i)] - cx) / HW);
            xy[2 * i + 1] = (float) ((center[2 * (base + i) + 1] - cy) / HW);
            p[2 * i] = center[2 * (base + i)];
            p[2 * i + 1] = center[2 * (base + i) + 1];
        }
        return new Lap(name, xy, n, metrics(p, n));
    }

    public static void main(String[] args) throws Exception {
        TrackGenConfig base = TrackGenConfig.builder().halfWidth(HW).build();
        List<Lap> real = new ArrayList<>();
        List<Lap> gen = new ArrayList<>();
        try (CpuRuntime rt = new CpuRuntime(0, false)) {
            for (String dir : args) {
                for (Circuit c : ReferenceCircuits.readFolder(Path.of(dir))) {
                    if (real.stream().anyMatch(l -> l.name().equals(c.name().replace(".csv", "")))) {
                        continue;
                    }
                    TrackSnapshot s = CircuitImporter.importCircuit(c.scaledToHalfWidth(HW), base, rt).snapshot();
                    real.add(lap(c.name().replace(".csv", ""), s.center(), 0, s.count(0)));
                }
            }
            int e = 512;
            TrackGenLauncher launcher = TrackGenLauncher.discover();
            TrackGenConfig c = TrackGenConfig.builder().generator(launcher.generator("circuit")).numEnvs(e).build();
            try (TrackGenerator g = launcher.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
                TrackSnapshot s = g.generate().snapshot();
                for (int i = 0; i < e; i++) {
                    if (s.isValid(i)) {
                        gen.add(lap("seed " + i, s.center(), i * s.nMax(), s.count(i)));
                    }
                }
            }
        }
        gallery(real, gen.subList(0, real.size()), Path.of("docs/images/circuit-gallery.png"));
        histograms(real, gen, Path.of("docs/images/circuit-metrics.png"));
    }

    static void gallery(List<Lap> real, List<Lap> gen, Path out) throws Exception {
        double extent = 0;
        for (List<Lap> ls : List.of(real, gen)) {
            for (Lap l : ls) {
                for (int i = 0; i < 2 * l.n(); i++) {
                    extent = Math.max(extent, Math.abs(l.xy()[i]));
                }
            }
        }
        int cols = real.size();
        int cell = 170;
        int top = 34;
        int rowH = cell + 22;
        BufferedImage img = new BufferedImage(cols * cell, top + 2 * rowH + 26, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xF7F7F4));
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.setColor(new Color(0x333333));
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString("Top: real circuits (TUM racetrack-database). Bottom: circuit generator, seeds 0..7. One scale for all.",
                8, 22);
        double scale = (cell - 12) / (2 * extent);
        for (int r = 0; r < 2; r++) {
            List<Lap> ls = r == 0 ? real : gen;
            for (int i = 0; i < ls.size(); i++) {
                Lap l = ls.get(i);
                int x0 = i * cell;
                int y0 = top + r * rowH;
                g.setColor(r == 0 ? new Color(0xECEBE4) : new Color(0xE6EEF4));
                g.fillRect(x0 + 2, y0, cell - 4, cell);
                Path2D.Double p = new Path2D.Double();
                for (int k = 0; k <= l.n(); k++) {
                    int q = k % l.n();
                    double px = x0 + cell / 2.0 + l.xy()[2 * q] * scale;
                    double py = y0 + cell / 2.0 - l.xy()[2 * q + 1] * scale;
                    if (k == 0) {
                        p.moveTo(px, py);
                    } else {
                        p.lineTo(px, py);
                    }
                }
                // the road at its true width (2 half-widths), at least one pixel
                g.setColor(new Color(0x555555));
                g.setStroke(new BasicStroke((float) Math.max(1.0, 2 * scale), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
                g.draw(p);
                g.setColor(new Color(0x333333));
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                g.drawString(String.format("%s, %.0f hw", l.name(), l.metrics()[0]), x0 + 6, y0 + cell + 15);
            }
        }
        int bar = (int) Math.round(100 * scale);
        g.setStroke(new BasicStroke(2f));
        g.drawLine(8, img.getHeight() - 10, 8 + bar, img.getHeight() - 10);
        g.drawString("100 half-widths", 14 + bar, img.getHeight() - 6);
        g.dispose();
        ImageIO.write(img, "png", out.toFile());
    }

    static void histograms(List<Lap> real, List<Lap> gen, Path out) throws Exception {
        String[] names = {"length (half-widths)", "straight fraction", "compactness", "chicanes", "peak curvature (1/hw)"};
        int w = 300;
        int h = 210;
        BufferedImage img = new BufferedImage(names.length * w, h + 40, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xF7F7F4));
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.setColor(new Color(0x333333));
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.drawString("circuit generator, E = 512, seed 0 (bars: " + gen.size()
                + " valid laps); red ticks: the " + real.size() + " real circuits; shaded: their 25th-75th percentiles", 8, 20);
        for (int m = 0; m < names.length; m++) {
            double lo = Double.MAX_VALUE;
            double hi = -Double.MAX_VALUE;
            for (List<Lap> ls : List.of(real, gen)) {
                for (Lap l : ls) {
                    lo = Math.min(lo, l.metrics()[m]);
                    hi = Math.max(hi, l.metrics()[m]);
                }
            }
            double pad = 0.05 * (hi - lo);
            lo -= pad;
            hi += pad;
            int bins = 24;
            int[] cnt = new int[bins];
            for (Lap l : gen) {
                cnt[Math.min(bins - 1, (int) ((l.metrics()[m] - lo) / (hi - lo) * bins))]++;
            }
            int maxC = 1;
            for (int c : cnt) {
                maxC = Math.max(maxC, c);
            }
            int x0 = m * w + 20;
            int y0 = 40;
            int pw = w - 40;
            int ph = h - 50;
            final int mm = m;
            double[] rv = real.stream().mapToDouble(l -> l.metrics()[mm]).sorted().toArray();
            double q25 = quantile(rv, 0.25);
            double q75 = quantile(rv, 0.75);
            g.setColor(new Color(0xFBE3E3));
            g.fillRect(x0 + (int) ((q25 - lo) / (hi - lo) * pw), y0, Math.max(1, (int) ((q75 - q25) / (hi - lo) * pw)), ph);
            g.setColor(new Color(0x4A7BA7));
            for (int b = 0; b < bins; b++) {
                int bh = (int) Math.round((double) cnt[b] / maxC * (ph - 10));
                g.fillRect(x0 + b * pw / bins + 1, y0 + ph - bh, pw / bins - 2, bh);
            }
            g.setColor(new Color(0xC0392B));
            g.setStroke(new BasicStroke(2f));
            for (double v : rv) {
                int x = x0 + (int) ((v - lo) / (hi - lo) * pw);
                g.drawLine(x, y0 + ph, x, y0 + ph + 10);
            }
            g.setColor(new Color(0x333333));
            g.setStroke(new BasicStroke(1f));
            g.drawLine(x0, y0 + ph, x0 + pw, y0 + ph);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            g.drawString(String.format("%.3g", lo), x0, y0 + ph + 24);
            String his = String.format("%.3g", hi);
            g.drawString(his, x0 + pw - g.getFontMetrics().stringWidth(his), y0 + ph + 24);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
            g.drawString(names[m], x0, y0 + ph + 42);
        }
        g.dispose();
        ImageIO.write(img, "png", out.toFile());
    }

    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
