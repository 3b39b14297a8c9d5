package dev.trackgen.examples.sbend;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.generator.KnobValues;
import dev.trackgen.api.generator.SimpleCenterlineGenerator;
import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.RandomStreams;
import java.util.List;

/**
 * {@code s_bend}: a rotated rounded rectangle, half-sizes {@code A ~ U(0.7, 0.9)} and
 * {@code B = A U(0.55, 0.75)}, corner radius {@code s_bend_corner * B}, sheared into an S by
 * {@code y += s_bend_amount * B * sin(pi x / A)} (a bijection, so the loop stays simple).
 */
public final class SBendGenerator extends SimpleCenterlineGenerator {
    /** Amplitude of the S, as a fraction of the half-height. */
    public static final Knob<Double> AMOUNT = Knob.ofDouble("s_bend_amount", 0.25, Range.closed(0.0, 0.5),
            "S-bend amplitude of the s_bend generator, as a fraction of the rectangle's half-height.");
    /** Corner radius, as a fraction of the half-height. */
    public static final Knob<Double> CORNER = Knob.ofDouble("s_bend_corner", 0.5, Range.closed(0.3, 1.0),
            "Corner radius of the s_bend generator, as a fraction of the rectangle's half-height.");
    private static final List<Knob<?>> KNOBS = Knob.group(AMOUNT, CORNER); // setting one declares both
    private static final int STREAM = RandomStreams.named("s_bend/shape");

    @Override public String name() { return "s_bend"; }

    @Override public String description() { return "example plugin (simple SPI): S-bent rounded rectangles"; }

    @Override public List<Knob<?>> knobs() { return KNOBS; }

    @Override
    protected void fill(int seed, KnobValues knobs, float[] xy, int offset, int n) {
        double bigA = CounterRng.uniform(seed, STREAM, 0, 0.7f, 0.9f);
        double bigB = bigA * CounterRng.uniform(seed, STREAM, 1, 0.55f, 0.75f);
        double phi = CounterRng.uniform(seed, STREAM, 2, 0f, (float) (2 * Math.PI));
        double r = knobs.get(CORNER) * bigB, amount = knobs.get(AMOUNT) * bigB;
        double a = bigA - r, b = bigB - r, arc = r * Math.PI / 2, perimeter = 4 * (a + b + arc);
        for (int i = 0; i < n; i++) {
            double s = perimeter * i / n, x = 0, y = 0;
            for (int q = 0; q < 4; q++) { // side q in a frame turned by q quarter turns
                double hx = q % 2 == 0 ? a : b, hy = q % 2 == 0 ? b : a, lx, ly;
                if (s > 2 * hy + arc && q < 3) { s -= 2 * hy + arc; continue; }
                if (s <= 2 * hy) { lx = hx + r; ly = s - hy; }
                else { double t = (s - 2 * hy) / r; lx = hx + r * Math.cos(t); ly = hy + r * Math.sin(t); }
                x = q == 0 ? lx : q == 1 ? -ly : q == 2 ? -lx : ly;
                y = q == 0 ? ly : q == 1 ? lx : q == 2 ? -ly : -lx;
                break;
            }
            y += amount * Math.sin(Math.PI * x / bigA);
            xy[offset + 2 * i] = (float) (Math.cos(phi) * x - Math.sin(phi) * y);
            xy[offset + 2 * i + 1] = (float) (Math.sin(phi) * x + Math.cos(phi) * y);
        }
    }
}
