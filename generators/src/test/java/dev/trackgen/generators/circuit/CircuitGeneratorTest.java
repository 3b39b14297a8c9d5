package dev.trackgen.generators.circuit;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorContractTest;
import dev.trackgen.generators.knobs.CircuitKnobs;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The circuit generator's grammar and closure on its piece tables (every closed candidate turns by
 * exactly 2 pi, ends where it starts, has its drawn lap length, continuous curvature and radii in
 * range), its output in half-width units, best-of-K against contacts, the stadium fallback, and
 * the host runtime's fused launch (candidates scored only while they can win) against the
 * separate layout and emit launches a device runtime gets.
 */
class CircuitGeneratorTest {

    /** One layout launch's results. */
    record Layouts(TrackGenConfig config, int k, int slots, float[] pieces, float[] info, int[] score) {
    }

    static TrackGenConfig config(int envs, String... settings) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(new CircuitGenerator()).numEnvs(envs);
        for (String kv : settings) {
            b.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        return b.build();
    }

    static Layouts layouts(TrackGenConfig c, int seedBase) {
        int e = c.numEnvs();
        int k = c.get(CircuitKnobs.BEST_OF_K);
        int slots = CircuitKnobs.maxSlots(c.get(CircuitKnobs.CORNERS));
        int nc = CircuitGenerator.COARSE_POINTS;
        float hw = (float) c.halfWidth();
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            I32Array seeds = rt.allocI32(e);
            rt.upload(GeneratorContractTest.seeds(e, seedBase), seeds);
            F32Array pieces = rt.allocF32(e * k * 8 * slots * 6);
            Vec2Array coarse = rt.allocVec2(e * k * nc);
            F32Array boxes = rt.allocF32(e * k * 4 * (nc / CircuitLayoutKernel.CHUNK));
            F32Array info = rt.allocF32(e * k * 2);
            I32Array score = rt.allocI32(e * k);
            KernelArgs args = CircuitLayoutKernel.INSTANCE.args().seeds(seeds).K(k).S(slots)
                    .slotsLo(CircuitKnobs.minSlots(c.get(CircuitKnobs.CORNERS))).slotsHi(slots).Nc(nc)
                    .length((float) (c.get(CircuitKnobs.LENGTH) * hw))
                    .spread((float) (double) c.get(CircuitKnobs.LENGTH_SPREAD))
                    .rMin((float) (c.get(CircuitKnobs.RADIUS_MIN) * hw))
                    .rMax((float) (c.get(CircuitKnobs.RADIUS_MAX) * hw))
                    .share((float) (double) c.get(CircuitKnobs.STRAIGHT_SHARE))
                    .chicaneProb((float) (double) c.get(CircuitKnobs.CHICANE_PROB))
                    .clearance(CircuitGenerator.CLEARANCE * hw).hw(hw).compactLo(CircuitGenerator.COMPACT_LO)
                    .compactHi(CircuitGenerator.COMPACT_HI).pieces(pieces).coarse(coarse).boxes(boxes).info(info)
                    .score(score);
            CircuitLayoutKernel.INSTANCE.run(args, 0, e * k);
            float[] pc = new float[e * k * 8 * slots * 6];
            float[] in = new float[e * k * 2];
            int[] sc = new int[e * k];
            rt.download(pieces, pc);
            rt.download(info, in);
            rt.download(score, sc);
            return new Layouts(c, k, slots, pc, in, sc);
        }
    }

    @Test
    void everyClosedCandidateTurnsOnceEndsWhereItStartsAndHasItsLapLength() {
        TrackGenConfig c = config(48, "circuit_best_of_k=4");
        Layouts l = layouts(c, 300);
        double hw = c.halfWidth();
        double rMin = c.get(CircuitKnobs.RADIUS_MIN) * hw;
        double rMax = c.get(CircuitKnobs.RADIUS_MAX) * hw;
        int closed = 0;
        int chicaneSlots = 0;
        for (int slot = 0; slot < l.score().length; slot++) {
            double len = l.info()[2 * slot];
            int m = (int) l.info()[2 * slot + 1];
            assertTrue(m >= CircuitKnobs.minSlots(12) && m <= CircuitKnobs.maxSlots(12), "slots " + m);
            double mean = c.get(CircuitKnobs.LENGTH) * hw;
            assertTrue(Math.abs(len - mean) <= c.get(CircuitKnobs.LENGTH_SPREAD) * mean * 1.0001, "length " + len);
            if (l.score()[slot] >= CircuitLayoutKernel.FAIL) {
                continue;
            }
            closed++;
            int pb = slot * 8 * l.slots();
            double turn = 0;
            double total = 0;
            double x = 0;
            double y = 0;
            double lastK = 0;
            for (int p = 0; p < 8 * m; p++) {
                int q = 6 * (pb + p);
                float pl = l.pieces()[q];
                double k0 = l.pieces()[q + 1];
                double k1 = l.pieces()[q + 2];
                if (pl == 0f) {
                    continue;
                }
                assertEquals(turn, l.pieces()[q + 5], 1e-5, "start heading of piece " + p);
                assertEquals(x, l.pieces()[q + 3], 1e-5, "start x of piece " + p);
                assertEquals(y, l.pieces()[q + 4], 1e-5, "start y of piece " + p);
                assertEquals(lastK, k0, 1e-6, "curvature continuous into piece " + p);
                assertTrue(Math.abs(k0) <= 1 / rMin * 1.0001 && Math.abs(k1) <= 1 / rMin * 1.0001, "radius >= rMin");
                if (k0 == k1 && k0 != 0) {
                    assertTrue(Math.abs(k0) >= 1 / rMax * 0.9999, "radius <= rMax");
                }
                if (p % 8 == 7 || p % 8 == 3) {
                    assertEquals(0.0, k0, 0.0, "straights are straight");
                }
                if (p % 8 == 3 && l.pieces()[q - 6 + 1] * l.pieces()[q + 6 + 2] < 0) {
                    chicaneSlots++;
                }
                turn += pl * (k0 + k1) * 0.5;
                total += pl;
                double[] o = offset(pl, k0, k1, l.pieces()[q + 5], pl);
                x += o[0];
                y += o[1];
                lastK = k1;
            }
            assertEquals(0.0, lastK, 0.0, "the lap ends on a straight");
            assertEquals(2 * Math.PI, turn, 1e-5, "total turning of candidate " + slot);
            assertEquals(0.0, Math.hypot(x, y), 1e-4 * hw, "closure gap of candidate " + slot);
            assertEquals(len, total, 1e-5 * len, "lap length of candidate " + slot);
        }
        assertTrue(closed >= 0.9 * l.score().length, closed + " of " + l.score().length + " closed");
        assertTrue(chicaneSlots > 0, "no chicane drawn");
    }

    @Test
    void clothoidOffsetsMatchAFineIntegration() {
        // turns 0.83 rad, more than any clothoid of the grammar (at most 0.51; the nodes stay inside
        // the series' range), then 1.5 rad (the last nodes past it: series and library in one sum)
        clothoidMatchesAFineIntegration(3.0, 0.1, 0.45, 0.7, 1e-8);
        clothoidMatchesAFineIntegration(3.0, 0.1, 0.9, 0.7, 1e-6);
        // an arc of a quarter circle, radius 2 (past the series' range), and of a twelfth of one (in it)
        double[] q = offset(Math.PI, 0.5, 0.5, 0.0, Math.PI);
        assertEquals(2.0, q[0], 1e-12);
        assertEquals(2.0, q[1], 1e-12);
        double[] twelfth = offset(Math.PI / 3, 0.5, 0.5, 0.0, Math.PI / 3);
        assertEquals(2.0 * Math.sin(Math.PI / 6), twelfth[0], 1e-12);
        assertEquals(2.0 * (1.0 - Math.cos(Math.PI / 6)), twelfth[1], 1e-12);
        // arcs turning either way from a start heading that is not 0, in and past the range: the chord
        // of the rotated frame against the library's sines and cosines of the absolute headings
        for (double k0 : new double[] {0.5, -0.5, 0.02}) {
            for (double t : new double[] {0.3, 1.0, 2.5}) {
                double phi0 = 2.2;
                double[] o = offset(t, k0, k0, phi0, t);
                assertEquals((Math.sin(phi0 + k0 * t) - Math.sin(phi0)) / k0, o[0], 1e-13 * t, "k0 " + k0 + ", t " + t);
                assertEquals((Math.cos(phi0) - Math.cos(phi0 + k0 * t)) / k0, o[1], 1e-13 * t, "k0 " + k0 + ", t " + t);
            }
        }
    }

    /**
     * The clothoid's offsets against a midpoint rule of 200,000 steps (within {@code tol} of t: the
     * five-point quadrature's own error grows with the turn) and against the same quadrature with the
     * library's cosine and sine of the absolute headings (within a few ulps).
     */
    private static void clothoidMatchesAFineIntegration(double len, double k0, double k1, double phi0, double tol) {
        for (double t : new double[] {0.4, 1.7, 3.0}) {
            double x = 0;
            double y = 0;
            int steps = 200000;
            for (int i = 0; i < steps; i++) {
                double tau = (i + 0.5) * t / steps;
                double phi = phi0 + k0 * tau + (k1 - k0) * tau * tau / (2 * len);
                x += Math.cos(phi) * t / steps;
                y += Math.sin(phi) * t / steps;
            }
            double[] o = offset(len, k0, k1, phi0, t);
            assertEquals(x, o[0], tol * t, "k1 = " + k1 + ", t = " + t);
            assertEquals(y, o[1], tol * t, "k1 = " + k1 + ", t = " + t);
            double h = 0.5 * t;
            double c = (k1 - k0) / (2.0 * len);
            double lx = 0;
            double ly = 0;
            double[] nodes = {1.0, 1.0 - CircuitPieces.GL_X1, 1.0 + CircuitPieces.GL_X1, 1.0 - CircuitPieces.GL_X2,
                    1.0 + CircuitPieces.GL_X2};
            double[] weights = {CircuitPieces.GL_W0, CircuitPieces.GL_W1, CircuitPieces.GL_W1, CircuitPieces.GL_W2,
                    CircuitPieces.GL_W2};
            for (int j = 0; j < 5; j++) {
                double tau = h * nodes[j];
                lx += weights[j] * Math.cos(phi0 + k0 * tau + c * tau * tau);
                ly += weights[j] * Math.sin(phi0 + k0 * tau + c * tau * tau);
            }
            assertEquals(h * lx, o[0], 1e-14 * t, "k1 = " + k1 + ", t = " + t);
            assertEquals(h * ly, o[1], 1e-14 * t, "k1 = " + k1 + ", t = " + t);
        }
    }

    /** The offset at arc length {@code t} of a piece with start heading {@code phi0}. */
    private static double[] offset(double len, double k0, double k1, double phi0, double t) {
        double[] o = new double[2];
        CircuitPieces.offset(len, k0, k1, Math.cos(phi0), Math.sin(phi0), t, o, 0);
        return o;
    }

    @Test
    void theSeriesMatchTheLibraryOverTheirRange() {
        double worstSin = 0.0;
        double worstCos = 0.0;
        int steps = 160001;
        for (int i = 0; i < steps; i++) {
            double a = -CircuitPieces.SERIES_RANGE + 2.0 * CircuitPieces.SERIES_RANGE * i / (steps - 1);
            worstSin = Math.max(worstSin, Math.abs(CircuitPieces.sinSeries(a) - Math.sin(a)));
            worstCos = Math.max(worstCos, Math.abs(CircuitPieces.cosm1Series(a) - (Math.cos(a) - 1.0)));
        }
        // a few ulps of 1 (Math.cos(a) - 1 itself loses up to an ulp of 1 to cancellation)
        assertTrue(worstSin <= 4 * Math.ulp(1.0), "sin series off by " + worstSin);
        assertTrue(worstCos <= 4 * Math.ulp(1.0), "cos - 1 series off by " + worstCos);
        // near 0 the cos - 1 series keeps its relative accuracy, which cos(a) - 1 loses
        double a = 1e-5;
        assertEquals(-0.5 * a * a * (1.0 - a * a / 12.0), CircuitPieces.cosm1Series(a), 1e-15 * a * a);
        // the series serve up to the range included, the library past it, continuously
        double r = CircuitPieces.SERIES_RANGE;
        assertEquals(CircuitPieces.sinSeries(r), CircuitPieces.sinOf(r), 0.0);
        assertEquals(1.0 + CircuitPieces.cosm1Series(-r), CircuitPieces.cosOf(-r), 0.0);
        assertEquals(Math.sin(Math.nextUp(r)), CircuitPieces.sinOf(Math.nextUp(r)), 0.0);
        assertEquals(Math.cos(Math.nextDown(-r)) - 1.0, CircuitPieces.cosm1Of(Math.nextDown(-r)), 0.0);
        assertEquals(CircuitPieces.sinOf(r), CircuitPieces.sinOf(Math.nextUp(r)), 4 * Math.ulp(1.0));
        assertEquals(CircuitPieces.cosOf(-r), CircuitPieces.cosOf(Math.nextDown(-r)), 4 * Math.ulp(1.0));
    }

    @Test
    void lapsScaleWithTheHalfWidth() {
        int e = 8;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            TrackGenConfig narrow = config(e);
            TrackGenConfig wide = config(e, "half_width=0.2");
            float[] a = GeneratorContractTest.run(rt, new CircuitGenerator(), narrow, GeneratorContractTest.seeds(e, 7))
                    .centerline();
            float[] b = GeneratorContractTest.run(rt, new CircuitGenerator(), wide, GeneratorContractTest.seeds(e, 7))
                    .centerline();
            int n = narrow.numPoints();
            for (int env = 0; env < e; env++) {
                double per = 0;
                for (int i = 0; i < n; i++) {
                    int p = env * n + i;
                    int q = env * n + (i + 1) % n;
                    per += Math.hypot(a[2 * q] - a[2 * p], a[2 * q + 1] - a[2 * p + 1]);
                    // every input scales by exactly 2, and so does every rounding: the same lap, twice as large
                    assertEquals(2 * a[2 * p], b[2 * p], 0.0, "x scales with the half-width");
                    assertEquals(2 * a[2 * p + 1], b[2 * p + 1], 0.0, "y scales with the half-width");
                }
                double inHw = per / narrow.halfWidth();
                assertTrue(inHw > 0.879 * 780 && inHw < 1.121 * 780, "lap of " + inHw + " half-widths");
            }
        }
    }

    @Test
    void bestOfKRemovesCrossings() {
        assertTrue(crossing(1) >= 8, "a single candidate often crosses: " + crossing(1));
        assertEquals(0, crossing(16), "best of 16");
    }

    private static int crossing(int k) {
        int e = 96;
        TrackGenConfig c = config(e, "circuit_best_of_k=" + k);
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            float[] xy = GeneratorContractTest.run(rt, new CircuitGenerator(), c, GeneratorContractTest.seeds(e, 0))
                    .centerline();
            int n = c.numPoints();
            float[] boxes = new float[Crossings.boxFloats(n)];
            int crossing = 0;
            for (int env = 0; env < e; env++) {
                crossing += Crossings.count(xy, env * n, n, boxes, 0, 1);
            }
            return crossing;
        }
    }

    @Test
    void whenNoCandidateClosesTheEnvGetsAStadiumOfItsLength() {
        // corners of radius 150 half-widths cannot fit a 780 half-width lap: every candidate fails
        int e = 4;
        TrackGenConfig c = config(e, "circuit_radius_min=150", "circuit_radius_max=150", "circuit_best_of_k=3");
        Layouts l = layouts(c, 0);
        for (int s : l.score()) {
            assertEquals(CircuitLayoutKernel.FAIL, s);
        }
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            float[] xy = GeneratorContractTest.run(rt, new CircuitGenerator(), c, GeneratorContractTest.seeds(e, 0))
                    .centerline();
            int n = c.numPoints();
            for (int env = 0; env < e; env++) {
                double per = 0;
                double turn = 0;
                for (int i = 0; i < n; i++) {
                    int p = env * n + i;
                    int q = env * n + (i + 1) % n;
                    int r = env * n + (i + 2) % n;
                    per += Math.hypot(xy[2 * q] - xy[2 * p], xy[2 * q + 1] - xy[2 * p + 1]);
                    double a0 = Math.atan2(xy[2 * q + 1] - xy[2 * p + 1], xy[2 * q] - xy[2 * p]);
                    double a1 = Math.atan2(xy[2 * r + 1] - xy[2 * q + 1], xy[2 * r] - xy[2 * q]);
                    double d = Math.IEEEremainder(a1 - a0, 2 * Math.PI);
                    assertTrue(d > -1e-4, "a stadium turns left only");
                    turn += d;
                }
                assertEquals(2 * Math.PI, turn, 1e-3);
                assertEquals(l.info()[2 * env * 3], per, 1e-3 * per, "the drawn lap length");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "circuit_best_of_k=2", "circuit_best_of_k=64", "circuit_corners=40",
        "circuit_corners=3;circuit_straight_share=0.1", "circuit_radius_min=150;circuit_radius_max=150;circuit_best_of_k=3"})
    void theFusedHostLaunchKeepsTheCandidateTheSeparateLaunchesKeep(String settings) {
        int e = 48;
        TrackGenConfig c = config(e, settings.isEmpty() ? new String[0] : settings.split(";"));
        int[] seeds = GeneratorContractTest.seeds(e, 900);
        try (CpuRuntime cpu = new CpuRuntime(2, false)) {
            SeenLaunches fused = new SeenLaunches(cpu, true);
            SeenLaunches split = new SeenLaunches(cpu, false);
            float[] a = generate(fused, c, seeds);
            float[] b = generate(split, c, seeds);
            assertTrue(fused.names.contains("tg_circuit_host"), fused.names.toString());
            assertFalse(fused.names.contains("tg_circuit_layout"), fused.names.toString());
            assertTrue(split.names.contains("tg_circuit_layout") && split.names.contains("tg_circuit_emit"),
                    split.names.toString());
            assertArrayEquals(b, a);
        }
    }

    private static float[] generate(ComputeRuntime rt, TrackGenConfig c, int[] seeds) {
        int e = c.numEnvs();
        CircuitGenerator gen = new CircuitGenerator();
        I32Array s = rt.allocI32(e);
        rt.upload(seeds, s);
        Vec2Array out = rt.allocVec2(e * c.numPoints());
        I32Array valid = rt.allocI32(e);
        GeneratorScratch scratch = gen.allocateScratch(rt, c);
        gen.generate(rt, s, c, out, valid, scratch);
        float[] xy = new float[2 * e * c.numPoints()];
        rt.download(out, xy);
        return xy;
    }

    /** The CPU runtime, with or without its Java-only kernels (without: what CUDA gets), naming what ran. */
    private static final class SeenLaunches extends ForwardingRuntime {
        final Set<String> names = new HashSet<>();
        private final boolean hostBodies;

        SeenLaunches(ComputeRuntime delegate, boolean hostBodies) {
            super(delegate);
            this.hostBodies = hostBodies;
        }

        @Override
        public boolean supports(Kernel k) {
            return hostBodies || k.cudaModule() != null;
        }

        @Override
        public void launch(Kernel k, int dim, KernelArgs a) {
            names.add(k.name());
            super.launch(k, dim, a);
        }

        @Override
        public void close() {
        }
    }
}
