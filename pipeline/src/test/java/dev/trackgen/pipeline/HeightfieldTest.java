package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The heightfield baker (docs/elevation.md, "Heightfield"): a flat track bakes one level sheet;
 * on an elevated, banked track every cell is checked against an independent double-precision
 * evaluation (nearest centerline point by brute force over all segments); the captured plan replays
 * the eager bake bit for bit; a bake allocates nothing; the options refuse what is out of range.
 */
class HeightfieldTest {
    private static final int E = 6;
    private static final HeightfieldOptions OPT = HeightfieldOptions.builder().resolution(64).shoulder(0.04f)
            .falloff(0.15f).drop(0.1f).build();

    private static TrackGenConfig elevated() {
        return GeneratorPipelineTest.config("bezier", E).toBuilder()
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MIN, 0.0)
                .set(ElevationKnobs.MAX, 0.3).set(ElevationKnobs.BASE, 0.1).set(ElevationKnobs.MAX_STEP, 0.2)
                .set(ElevationKnobs.BANK_SPEED, 1.5).set(ElevationKnobs.BANK_MAX, 8.0).build();
    }

    @Test
    void aFlatTrackBakesALevelSheetAndInvalidEnvsNaN() {
        TrackGenConfig c = GeneratorPipelineTest.config("bezier", E);
        try (CpuRuntime rt = new CpuRuntime(2, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(E, 2)).runtime(rt).build()) {
            Track t = g.generate();
            Heightfield hf = new HeightfieldBaker(t, HeightfieldOptions.DEFAULTS).bake();
            int r = hf.resolution();
            float[] h = new float[E * r * r];
            rt.download(hf.height(), h);
            int[] valid = new int[E];
            rt.download(t.valid(), valid);
            int seen = 0;
            for (int e = 0; e < E; e++) {
                for (int k = 0; k < r * r; k++) {
                    if (valid[e] != 0) {
                        assertEquals(0f, h[e * r * r + k], "env " + e + " cell " + k);
                    } else {
                        assertTrue(Float.isNaN(h[e * r * r + k]));
                    }
                }
                seen += valid[e];
            }
            assertTrue(seen > 0);
        }
    }

    @Test
    void everyCellMatchesAnIndependentDoubleEvaluation() {
        TrackGenConfig c = elevated();
        try (CpuRuntime rt = new CpuRuntime(2, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(E, 4)).runtime(rt).build()) {
            Track t = g.generate();
            Heightfield hf = new HeightfieldBaker(t, OPT).bake();
            TrackSnapshot s = t.snapshot();
            int r = hf.resolution();
            float[] h = new float[E * r * r];
            float[] b = new float[3 * E];
            rt.download(hf.height(), h);
            rt.download(hf.bounds(), b);
            int checkedRoad = 0;
            int checkedFloor = 0;
            for (int e = 0; e < E; e++) {
                if (s.valid()[e] == 0) {
                    continue;
                }
                Audit a = new Audit(s, e);
                double floor = a.zLow - OPT.drop();
                // the grid covers both borders
                assertTrue(b[3 * e] < a.minX && b[3 * e] + r * b[3 * e + 2] > a.maxX, "grid spans x");
                assertTrue(b[3 * e + 1] < a.minY && b[3 * e + 1] + r * b[3 * e + 2] > a.maxY, "grid spans y");
                for (int gy = 0; gy < r; gy++) {
                    for (int gx = 0; gx < r; gx++) {
                        double px = b[3 * e] + (gx + 0.5) * b[3 * e + 2];
                        double py = b[3 * e + 1] + (gy + 0.5) * b[3 * e + 2];
                        double got = h[e * r * r + gy * r + gx];
                        assertTrue(got >= floor - 1e-5 && got <= a.zHigh + 1e-5,
                                "env " + e + " cell within [floor, highest road point]: " + got);
                        double expect = a.height(px, py, OPT, floor);
                        if (!Double.isNaN(expect)) {
                            assertEquals(expect, got, 2e-4, "env " + e + " cell (" + gx + ", " + gy + ")");
                            if (a.lastOffRoad > OPT.shoulder() + OPT.falloff()) {
                                checkedFloor++;
                            } else if (a.lastOffRoad < 0) {
                                checkedRoad++;
                            }
                        }
                    }
                }
            }
            assertTrue(checkedRoad > 100 && checkedFloor > 100, "road " + checkedRoad + ", floor " + checkedFloor);
        }
    }

    /** Brute force in double: the nearest centerline segment and the surface model of the docs. */
    private static final class Audit {
        final int n;
        final double[] cx;
        final double[] cy;
        final double[] nx;
        final double[] ny;
        final double[] wl;
        final double[] wr;
        final double[] zc;
        final double[] zl;
        final double[] zr;
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        double zLow = Double.MAX_VALUE;
        double zHigh = -Double.MAX_VALUE;
        double lastOffRoad;

        Audit(TrackSnapshot s, int e) {
            n = s.count()[e];
            cx = new double[n];
            cy = new double[n];
            nx = new double[n];
            ny = new double[n];
            wl = new double[n];
            wr = new double[n];
            zc = new double[n];
            zl = new double[n];
            zr = new double[n];
            for (int i = 0; i < n; i++) {
                int p = e * s.nMax() + i;
                cx[i] = s.center()[2 * p];
                cy[i] = s.center()[2 * p + 1];
                nx[i] = s.normal()[2 * p];
                ny[i] = s.normal()[2 * p + 1];
                // the half-widths and sides from the border points themselves
                double ox = s.outer()[2 * p] - cx[i];
                double oy = s.outer()[2 * p + 1] - cy[i];
                double ix = s.inner()[2 * p] - cx[i];
                double iy = s.inner()[2 * p + 1] - cy[i];
                boolean outerLeft = ox * nx[i] + oy * ny[i] > 0;
                wl[i] = outerLeft ? Math.hypot(ox, oy) : Math.hypot(ix, iy);
                wr[i] = outerLeft ? Math.hypot(ix, iy) : Math.hypot(ox, oy);
                zc[i] = s.centerZ()[p];
                zl[i] = outerLeft ? s.outerZ()[p] : s.innerZ()[p];
                zr[i] = outerLeft ? s.innerZ()[p] : s.outerZ()[p];
                for (double[] q : new double[][] {{ox, oy}, {ix, iy}}) {
                    minX = Math.min(minX, cx[i] + q[0]);
                    maxX = Math.max(maxX, cx[i] + q[0]);
                    minY = Math.min(minY, cy[i] + q[1]);
                    maxY = Math.max(maxY, cy[i] + q[1]);
                }
                zLow = Math.min(zLow, Math.min(zc[i], Math.min(zl[i], zr[i])));
                zHigh = Math.max(zHigh, Math.max(zc[i], Math.max(zl[i], zr[i])));
            }
        }

        /**
         * @return the expected height, or NaN where two segments are nearly equally near (the
         *         float kernel may pick either) or the cell sits on a zone boundary
         */
        double height(double px, double py, HeightfieldOptions o, double floor) {
            double best = Double.MAX_VALUE;
            double second = Double.MAX_VALUE;
            int bi = -1;
            double bt = 0;
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                double ux = cx[j] - cx[i];
                double uy = cy[j] - cy[i];
                double t = ((px - cx[i]) * ux + (py - cy[i]) * uy) / (ux * ux + uy * uy);
                t = Math.max(0, Math.min(1, t));
                double d = Math.hypot(px - cx[i] - t * ux, py - cy[i] - t * uy);
                if (d < best) {
                    second = best;
                    best = d;
                    bi = i;
                    bt = t;
                } else if (d < second) {
                    second = d;
                }
            }
            int j = (bi + 1) % n;
            boolean sharedVertex = (bt == 1 && second - best < 1e-9) || (bt == 0 && second - best < 1e-9);
            if (second - best < 1e-4 && !sharedVertex) {
                return Double.NaN;
            }
            double qx = cx[bi] + bt * (cx[j] - cx[bi]);
            double qy = cy[bi] + bt * (cy[j] - cy[bi]);
            double lnx = (1 - bt) * nx[bi] + bt * nx[j];
            double lny = (1 - bt) * ny[bi] + bt * ny[j];
            double side = (px - qx) * lnx + (py - qy) * lny;
            if (Math.abs(side) < 1e-4 && best > 1e-4) {
                return Double.NaN;
            }
            boolean left = side >= 0;
            double w = left ? (1 - bt) * wl[bi] + bt * wl[j] : (1 - bt) * wr[bi] + bt * wr[j];
            double z0 = (1 - bt) * zc[bi] + bt * zc[j];
            double zb = left ? (1 - bt) * zl[bi] + bt * zl[j] : (1 - bt) * zr[bi] + bt * zr[j];
            double off = best - w;
            lastOffRoad = off;
            if (Math.abs(off) < 1e-4 || Math.abs(off - o.shoulder()) < 1e-4) {
                return Double.NaN; // a zone boundary: float rounding may fall either side
            }
            if (off <= 0) {
                return z0 + (best / w) * (zb - z0);
            }
            double u = (off - o.shoulder()) / o.falloff();
            if (u <= 0) {
                return zb;
            }
            if (u >= 1) {
                return floor;
            }
            return zb + (floor - zb) * u * u * (3 - 2 * u);
        }
    }

    @Test
    void theCapturedBakeReplaysTheEagerOneAndAllocatesNothing() throws Exception {
        TrackGenConfig c = elevated();
        try (CpuRuntime eager = new CpuRuntime(2, false); CpuRuntime rec = new CpuRuntime(2, true);
             TrackGenerator ge = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(E, 6)).runtime(eager).build();
             TrackGenerator gr = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(E, 6)).runtime(rec).build()) {
            HeightfieldBaker be = new HeightfieldBaker(ge.generate(), OPT);
            be.bake();
            Track tr = gr.generate();
            HeightfieldBaker br = new HeightfieldBaker(tr, OPT);
            CapturedGraph graph = rec.capture(() -> br.plan().enqueue(rec));
            graph.replay();
            int r = OPT.resolution();
            float[] a = new float[E * r * r];
            float[] b = new float[E * r * r];
            eager.download(be.grid().height(), a);
            rec.download(br.grid().height(), b);
            assertArrayEquals(a, b);
            float[] ba = new float[3 * E];
            float[] bb = new float[3 * E];
            eager.download(be.grid().bounds(), ba);
            rec.download(br.grid().bounds(), bb);
            assertArrayEquals(ba, bb);
            // a bake in steady state allocates nothing on the calling thread
            Method m = allocatedBytes();
            Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            long id = Thread.currentThread().getId();
            for (int k = 0; k < 20; k++) {
                be.bake();
                m.invoke(mx, id);
            }
            long probe = -(long) m.invoke(mx, id) + (long) m.invoke(mx, id);
            long before = (long) m.invoke(mx, id);
            for (int k = 0; k < 4; k++) {
                be.bake();
            }
            long per = ((long) m.invoke(mx, id) - before - probe) / 4;
            assertTrue(per < 256, "a bake allocated " + per + " bytes");
        }
    }

    private static Method allocatedBytes() throws ReflectiveOperationException {
        // through reflection: the test module does not read jdk.management
        return Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
    }

    @Test
    void optionsOutOfRangeAreRefusedByName() {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> HeightfieldOptions.builder().resolution(4).build());
        assertTrue(ex.getMessage().contains("resolution = 4"), ex.getMessage());
        ex = assertThrows(IllegalArgumentException.class, () -> HeightfieldOptions.builder().falloff(-1f).build());
        assertTrue(ex.getMessage().contains("falloff = -1.0"), ex.getMessage());
        ex = assertThrows(IllegalArgumentException.class, () -> HeightfieldOptions.builder().shoulder(Float.NaN).build());
        assertTrue(ex.getMessage().contains("shoulder"), ex.getMessage());
    }
}
