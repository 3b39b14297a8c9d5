import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.course.raceline.RacelineSnapshot;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.metrics.circuit.CircuitImporter;
import dev.trackgen.metrics.circuit.CircuitReader;
import dev.trackgen.metrics.circuit.ImportResult;
import dev.trackgen.runtime.cpu.CpuRuntime;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * docs/images/raceline-vs-tum-NAME.png: a TUM circuit imported with its per-point widths, our racing
 * line (margin 0.5 m, default solver and vehicle) coloured by its speed, and TUM's minimum-curvature
 * line in black on the same road.
 *
 * <p>{@code java -cp "distribution/target/trackgen/lib/*" scripts/RacelineTumFigure.java CIRCUIT.csv TUM_LINE.csv OUT.png}
 */
public class RacelineTumFigure {
    public static void main(String[] a) throws Exception {
        try (CpuRuntime cpu = new CpuRuntime(2, false)) {
            ImportResult r = CircuitImporter.importCircuit(CircuitReader.read(Path.of(a[0])), TrackGenConfig.defaults(), cpu);
            TrackSnapshot h = r.snapshot();
            Track t = upload(cpu, h);
            RacelineSnapshot l = RacingLine.builder(t).halfWidth(r.halfWidth()).vehicleMargin(0.5).build().compute().snapshot();
            List<double[]> tum = new ArrayList<>();
            for (String s : Files.readAllLines(Path.of(a[1]))) {
                if (s.isBlank() || s.startsWith("#")) {
                    continue;
                }
                String[] f = s.split(",");
                tum.add(new double[] {Double.parseDouble(f[0].trim()) - r.origin()[0], Double.parseDouble(f[1].trim()) - r.origin()[1]});
            }
            int n = h.count(0);
            double minX = Double.MAX_VALUE, minY = Double.MAX_VALUE, maxX = -Double.MAX_VALUE, maxY = -Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                for (float[] b : new float[][] {h.outer(), h.inner()}) {
                    minX = Math.min(minX, b[2 * i]); maxX = Math.max(maxX, b[2 * i]);
                    minY = Math.min(minY, b[2 * i + 1]); maxY = Math.max(maxY, b[2 * i + 1]);
                }
            }
            int w = 1400, top = 50, pad = 20;
            double sc = Math.min((w - 2 * pad) / (maxX - minX), 1e9);
            int hgt = (int) Math.ceil((maxY - minY) * sc) + top + 2 * pad;
            double fMinX = minX, fMaxY = maxY;
            java.util.function.DoubleUnaryOperator X = x -> pad + (x - fMinX) * sc;
            java.util.function.DoubleUnaryOperator Y = y -> top + pad + (fMaxY - y) * sc;
            BufferedImage img = new BufferedImage(w, hgt, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(PreviewRenderer.BACKGROUND);
            g.fillRect(0, 0, w, hgt);
            Path2D.Double band = new Path2D.Double(Path2D.WIND_EVEN_ODD);
            for (float[] b : new float[][] {h.outer(), h.inner()}) {
                for (int i = 0; i < n; i++) {
                    if (i == 0) { band.moveTo(X.applyAsDouble(b[0]), Y.applyAsDouble(b[1])); }
                    else { band.lineTo(X.applyAsDouble(b[2 * i]), Y.applyAsDouble(b[2 * i + 1])); }
                }
                band.closePath();
            }
            g.setColor(new Color(0xC9CDD1));
            g.fill(band);
            g.setColor(new Color(0x30343A));
            g.setStroke(new BasicStroke(1f));
            g.draw(band);
            float lo = Float.MAX_VALUE, hi = -Float.MAX_VALUE;
            for (int i = 0; i < n; i++) { lo = Math.min(lo, l.speed()[i]); hi = Math.max(hi, l.speed()[i]); }
            g.setStroke(new BasicStroke(3.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                g.setColor(PreviewRenderer.heightColor((l.speed()[i] - lo) / (hi - lo)));
                g.draw(new Line2D.Double(X.applyAsDouble(l.line()[2 * i]), Y.applyAsDouble(l.line()[2 * i + 1]),
                        X.applyAsDouble(l.line()[2 * j]), Y.applyAsDouble(l.line()[2 * j + 1])));
            }
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1.1f));
            for (int i = 0; i < tum.size(); i++) {
                double[] p = tum.get(i), q = tum.get((i + 1) % tum.size());
                g.draw(new Line2D.Double(X.applyAsDouble(p[0]), Y.applyAsDouble(p[1]), X.applyAsDouble(q[0]), Y.applyAsDouble(q[1])));
            }
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
            String name = Path.of(a[0]).getFileName().toString().replace(".csv", "");
            g.drawString(String.format(Locale.ROOT, "%s: our racing line (colour = speed, lap %.1f s) and TUM's (black), "
                    + "per-point widths, margin 0.5 m", name, l.lapTime()[0]), pad, 30);
            int bx = w - pad - 260, by = 16;
            for (int k = 0; k < 160; k++) {
                g.setColor(PreviewRenderer.heightColor(k / 159.0));
                g.fillRect(bx + 50 + k, by, 1, 14);
            }
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawString(String.format(Locale.ROOT, "%.0f", lo), bx + 20, by + 12);
            g.drawString(String.format(Locale.ROOT, "%.0f m/s", hi), bx + 215, by + 12);
            g.dispose();
            ImageIO.write(img, "png", Path.of(a[2]).toFile());
        }
    }

    static Track upload(ComputeRuntime rt, TrackSnapshot h) {
        return Track.fromSnapshot(rt, h);
    }
}
