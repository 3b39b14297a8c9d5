package dev.trackgen.generators.repulsive;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepulsiveKernelsTest {

    @Test
    void theDefaultScheduleIsTheOriginals() {
        RepulsiveSchedule s = new RepulsiveSchedule(TrackGenConfig.builder().generator("repulsive").build());
        assertEquals(143, s.ratchetIterations);
        assertEquals(269, s.iterations);
        assertArrayEquals(new int[] {64, 128, 256}, s.stages);
        assertArrayEquals(new int[] {0, 59, 117}, s.starts);
        assertEquals(0.35 * 4.9029, s.rDom, 1e-12);
        assertEquals(s.rDom / 4, s.rInit, 1e-12);
        assertEquals(5.0 / 6.0, s.sobolevExponent, 1e-12);
    }

    @Test
    void theSobolevRowInvertsTheSpectralFilter() {
        for (int n : new int[] {16, 64, 62}) {
            double sExp = 5.0 / 6.0;
            float[] h = RepulsiveSchedule.sobolevRow(n, sExp, 1e-3);
            for (int k = 0; k <= n / 2; k++) {
                double dft = 0;
                for (int j = 0; j < n; j++) {
                    dft += h[j] * Math.cos(2 * Math.PI * k * j / n);
                }
                double lambda = 2 - 2 * Math.cos(2 * Math.PI * k / n);
                double want = 1 / (Math.pow(lambda, sExp) + 1e-3);
                assertEquals(want, dft, 1e-5 * want + 1e-4, "n " + n + " mode " + k);
            }
            for (int j = 1; j < n; j++) {
                assertEquals(h[j], h[n - j], 1e-6 * Math.abs(h[0]));
            }
        }
    }

    @Test
    void convolutionMatchesTheDirectCirculantProduct() {
        int e = 2;
        int n = 10;
        Random r = new Random(3);
        HostVec2Array a = new HostVec2Array(e * n);
        HostVec2Array b = new HostVec2Array(e * n);
        HostF32Array h = new HostF32Array(n);
        for (int k = 0; k < 2 * e * n; k++) {
            a.data()[k] = (float) r.nextGaussian();
            b.data()[k] = (float) r.nextGaussian();
        }
        for (int k = 0; k < n; k++) {
            h.data()[k] = (float) r.nextGaussian();
        }
        HostI32Array frozen = new HostI32Array(e);
        frozen.data()[1] = 1;
        HostVec2Array oa = new HostVec2Array(e * n);
        HostVec2Array ob = new HostVec2Array(e * n);
        RepulsiveConvKernel.INSTANCE.run(RepulsiveConvKernel.INSTANCE.args().a(a).b(b).h(h).n(n).frozen(frozen)
                .outA(oa).outB(ob), 0, e * n);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 2; c++) {
                double sa = 0;
                double sb = 0;
                for (int j = 0; j < n; j++) {
                    sa += h.data()[Math.floorMod(i - j, n)] * a.data()[2 * j + c];
                    sb += h.data()[Math.floorMod(i - j, n)] * b.data()[2 * j + c];
                }
                assertEquals(sa, oa.data()[2 * i + c], 1e-4);
                assertEquals(sb, ob.data()[2 * i + c], 1e-4);
                assertEquals(0f, oa.data()[2 * (n + i) + c], "frozen env skipped");
            }
        }
    }

    @Test
    void obstaclesAreAWallAndOneDiscPerWedgeInTheBand() {
        int e = 40;
        int kMin = 8;
        int kMax = 12;
        int m = RepulsiveObstaclesKernel.points(kMax);
        HostI32Array seeds = new HostI32Array(e);
        for (int i = 0; i < e; i++) {
            seeds.data()[i] = i;
        }
        HostVec2Array pts = new HostVec2Array(e * m);
        HostF32Array w = new HostF32Array(e * m);
        float rDom = 1.7f;
        float rInit = rDom / 4;
        RepulsiveObstaclesKernel.INSTANCE.run(RepulsiveObstaclesKernel.INSTANCE.args().seeds(seeds).rDom(rDom)
                .rInit(rInit).radiusLo(0.02f).radiusHi(0.045f).kMin(kMin).kMax(kMax).M(m).points(pts).weights(w), 0, e);
        java.util.Set<Integer> counts = new java.util.HashSet<>();
        for (int env = 0; env < e; env++) {
            int b = env * m;
            for (int i = 0; i < RepulsiveObstaclesKernel.N_WALL; i++) {
                assertEquals(rDom, Math.hypot(pts.data()[2 * (b + i)], pts.data()[2 * (b + i) + 1]), 1e-5);
                assertEquals(2 * Math.PI * rDom / RepulsiveObstaclesKernel.N_WALL, w.data()[b + i], 1e-6);
            }
            int discs = 0;
            for (int j = 0; j < kMax; j++) {
                int col = b + RepulsiveObstaclesKernel.N_WALL + j * RepulsiveObstaclesKernel.N_DISC;
                if (w.data()[col] == 0f) {
                    assertTrue(Float.isNaN(pts.data()[2 * col]));
                    continue;
                }
                discs++;
                double cx = 0;
                double cy = 0;
                for (int i = 0; i < RepulsiveObstaclesKernel.N_DISC; i++) {
                    cx += pts.data()[2 * (col + i)] / RepulsiveObstaclesKernel.N_DISC;
                    cy += pts.data()[2 * (col + i) + 1] / RepulsiveObstaclesKernel.N_DISC;
                }
                double r = Math.hypot(pts.data()[2 * col] - cx, pts.data()[2 * col + 1] - cy);
                assertTrue(r >= 0.02 * rDom - 1e-5 && r <= 0.045 * rDom + 1e-5, "disc radius " + r);
                double c = Math.hypot(cx, cy);
                assertTrue(c >= rInit + r + 0.05 * rDom - 1e-4 && c <= 0.9 * rDom + 1e-4, "disc centre at " + c);
            }
            assertTrue(discs >= kMin && discs <= kMax);
            counts.add(discs);
        }
        assertTrue(counts.size() >= 3, "disc counts vary: " + counts);
    }

    @Test
    void theStepKeepsTheBarycentreRescalesToTheTargetAndSparesFrozenEnvs() {
        int e = 2;
        int n = 32;
        Random r = new Random(5);
        HostVec2Array x = new HostVec2Array(e * n);
        HostVec2Array g = new HostVec2Array(e * n);
        HostVec2Array lg = new HostVec2Array(e * n);
        HostVec2Array ai = new HostVec2Array(e * n);
        for (int i = 0; i < e * n; i++) {
            double a = 2 * Math.PI * (i % n) / n;
            x.data()[2 * i] = (float) (0.3 + Math.cos(a));
            x.data()[2 * i + 1] = (float) (-0.2 + Math.sin(a));
            for (HostVec2Array v : new HostVec2Array[] {g, lg}) {
                v.data()[2 * i] = (float) r.nextGaussian();
                v.data()[2 * i + 1] = (float) r.nextGaussian();
            }
            // a positive-definite stand-in for A^-1 lg
            ai.data()[2 * i] = 2f * lg.data()[2 * i];
            ai.data()[2 * i + 1] = 2f * lg.data()[2 * i + 1];
        }
        float[] before = x.data().clone();
        HostF32Array peri = new HostF32Array(e);
        peri.data()[0] = 6.28f;
        HostF32Array target = new HostF32Array(e);
        target.data()[0] = 7f;
        target.data()[1] = 9f;
        HostI32Array frozen = new HostI32Array(e);
        frozen.data()[1] = 1;
        RepulsiveStepKernel.INSTANCE.run(RepulsiveStepKernel.INSTANCE.args().center(x).g(g).lg(lg).ainvLg(ai).n(n)
                .peri(peri).lTarget(target).tau(0.4f).frozen(frozen), 0, e);
        double bx0 = 0;
        double by0 = 0;
        double bx1 = 0;
        double by1 = 0;
        double len = 0;
        for (int i = 0; i < n; i++) {
            bx0 += before[2 * i] / n;
            by0 += before[2 * i + 1] / n;
            bx1 += x.data()[2 * i] / n;
            by1 += x.data()[2 * i + 1] / n;
            int j = (i + 1) % n;
            len += Math.hypot(x.data()[2 * j] - x.data()[2 * i], x.data()[2 * j + 1] - x.data()[2 * i + 1]);
        }
        assertEquals(bx0, bx1, 1e-5);
        assertEquals(by0, by1, 1e-5);
        assertEquals(7.0, len, 1e-4);
        for (int k = 2 * n; k < 4 * n; k++) {
            assertEquals(before[k], x.data()[k], "frozen env unchanged");
        }
        // the projected direction is Sobolev-orthogonal to the length gradient
        double dot = 0;
        for (int k = 0; k < 2 * n; k++) {
            dot += g.data()[k] * lg.data()[k];
        }
        assertEquals(0.0, dot, 1e-3);
    }

    @Test
    void envsFreezeOnceGrownAndSettledAndTheRatchetStopsAtTheTarget() {
        HostF32Array lt = new HostF32Array(2);
        HostF32Array lf = new HostF32Array(2);
        lt.data()[0] = 1f;
        lt.data()[1] = 1f;
        lf.data()[0] = 1.01f;
        lf.data()[1] = 2f;
        HostI32Array reached = new HostI32Array(2);
        RepulsiveRatchetKernel.INSTANCE.run(RepulsiveRatchetKernel.INSTANCE.args().lTarget(lt).lFinal(lf)
                .growth(0.012f).reached(reached), 0, 2);
        assertEquals(1.01f, lt.data()[0]);
        assertEquals(1.012f, lt.data()[1], 1e-7);
        assertArrayEquals(new int[] {1, 0}, reached.data());

        int n = 8;
        HostVec2Array sq = new HostVec2Array(2 * n);
        for (int i = 0; i < 2 * n; i++) {
            double a = 2 * Math.PI * (i % n) / n;
            sq.data()[2 * i] = (float) Math.cos(a);
            sq.data()[2 * i + 1] = (float) Math.sin(a);
        }
        HostF32Array prev = new HostF32Array(2);
        prev.data()[0] = 2.8f;
        prev.data()[1] = 2.8f;
        HostI32Array frozen = new HostI32Array(2);
        HostI32Array live = new HostI32Array(2);
        RepulsiveFreezeKernel.INSTANCE.run(RepulsiveFreezeKernel.INSTANCE.args().center(sq).n(n).reached(reached)
                .tol(0.05f).areaPrev(prev).frozen(frozen).live(live), 0, 2);
        assertArrayEquals(new int[] {1, 0}, frozen.data(), "only the env that reached its length freezes");
        assertArrayEquals(new int[] {0, 1}, live.data());
        assertEquals(2 * Math.sqrt(2), prev.data()[0], 1e-5);
    }
}
