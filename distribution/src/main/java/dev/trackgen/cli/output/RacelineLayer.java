package dev.trackgen.cli.output;

import dev.trackgen.course.raceline.RacelineSnapshot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.util.Locale;

/**
 * The racing line drawn on the preview ({@code generate --raceline --preview}): each env's line,
 * edge by edge, coloured by the speed profile on one scale for the whole batch (slow blue through
 * green and yellow to fast red, {@link PreviewRenderer#heightColor}), and the colour bar with its
 * range in m/s.
 */
public final class RacelineLayer {
    /** Width of the colour bar and its labels in the title row, pixels. */
    static final int BAR_SPACE = 250;
    private final RacelineSnapshot line;
    private final float lo;
    private final float hi;

    /**
     * @param line  the batch's racing lines
     * @param valid per env, whether the track is valid (the speed range is taken over valid envs)
     */
    public RacelineLayer(RacelineSnapshot line, boolean[] valid) {
        this.line = line;
        float a = Float.POSITIVE_INFINITY;
        float b = Float.NEGATIVE_INFINITY;
        for (int e = 0; e < line.numEnvs(); e++) {
            if (!valid[e]) {
                continue;
            }
            for (int i = 0; i < line.count()[e]; i++) {
                float v = line.speed()[e * line.nMax() + i];
                if (Float.isFinite(v)) {
                    a = Math.min(a, v);
                    b = Math.max(b, v);
                }
            }
        }
        this.lo = a <= b ? a : 0;
        this.hi = a <= b ? b : 1;
    }

    /** @return the slowest speed of the valid envs, m/s (the bar's low end) */
    public float lowSpeed() {
        return lo;
    }

    /** @return the fastest speed of the valid envs, m/s (the bar's high end) */
    public float highSpeed() {
        return hi;
    }

    /**
     * @param v a speed, m/s
     * @return its colour on the batch's scale
     */
    public Color color(float v) {
        return PreviewRenderer.heightColor(hi > lo ? (v - lo) / (hi - lo) : 0.5);
    }

    /** Draws env {@code env}'s line through {@code t} (world to image). */
    void draw(Graphics2D g, AffineTransform t, int env) {
        int n = line.count()[env];
        int b = env * line.nMax();
        float[] p = line.line();
        g.setStroke(new BasicStroke(1.8f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double[] q = {p[2 * (b + i)], p[2 * (b + i) + 1], p[2 * (b + j)], p[2 * (b + j) + 1]};
            float v = line.speed()[b + i];
            if (!(Double.isFinite(q[0] + q[1] + q[2] + q[3]) && Float.isFinite(v))) {
                continue;
            }
            t.transform(q, 0, q, 0, 2);
            g.setColor(color(v));
            g.draw(new Line2D.Double(q[0], q[1], q[2], q[3]));
        }
    }

    /** Draws the colour bar and its range, right-aligned at {@code right}, centred on {@code baseline}. */
    void drawBar(Graphics2D g, int right, int baseline, Color text) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        FontMetrics fm = g.getFontMetrics();
        String left = String.format(Locale.ROOT, "line speed %.1f", lo);
        String end = String.format(Locale.ROOT, "%.1f m/s", hi);
        int barW = 90;
        int x0 = right - fm.stringWidth(end) - 4 - barW;
        for (int k = 0; k < barW; k++) {
            g.setColor(PreviewRenderer.heightColor(k / (barW - 1.0)));
            g.fillRect(x0 + k, baseline - fm.getAscent() + 1, 1, fm.getAscent());
        }
        g.setColor(text);
        g.drawString(end, x0 + barW + 4, baseline);
        g.drawString(left, x0 - 4 - fm.stringWidth(left), baseline);
    }
}
