package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckpointKernelsTest {
    static final int E = 3;
    static final int K = 2;
    static final int C = 12;
    static final int N = 256;

    static HostVec2Array checkpoints() {
        HostI32Array seeds = new HostI32Array(E);
        for (int i = 0; i < E; i++) {
            seeds.data()[i] = 9 + i;
        }
        HostVec2Array cp = new HostVec2Array(E * K * C);
        CheckpointSampleKernel.INSTANCE.run(CheckpointSampleKernel.INSTANCE.args().seeds(seeds).K(K).C(C)
                .radiusMinFrac(0.33f).angleJitter(0.55f).checkpoints(cp), 0, E * K * C);
        return cp;
    }

    static HostVec2Array steer(HostVec2Array cp) {
        HostVec2Array path = new HostVec2Array(E * K * N);
        CheckpointSteerKernel.INSTANCE.run(CheckpointSteerKernel.INSTANCE.args().checkpoints(cp).C(C).N(N)
                .turnRate(0.42f).steerGain(0.65f).lookahead(0.16f).path(path), 0, E * K);
        return path;
    }

    @Test
    void checkpointsLieInTheirJitteredSlotsAndCandidatesDiffer() {
        float[] cp = checkpoints().data();
        double slot = 2 * Math.PI / C;
        for (int s = 0; s < E * K; s++) {
            for (int c = 0; c < C; c++) {
                double x = cp[2 * (s * C + c)];
                double y = cp[2 * (s * C + c) + 1];
                double r = Math.hypot(x, y);
                assertTrue(r >= 0.33 - 1e-5 && r <= 1 + 1e-5, "radius " + r);
                double d = Math.atan2(Math.sin(Math.atan2(y, x) - c * slot), Math.cos(Math.atan2(y, x) - c * slot));
                assertTrue(Math.abs(d) <= 0.55 * slot + 1e-5, "angle off its slot by " + d);
            }
        }
        assertFalse(cp[0] == cp[2 * C] && cp[1] == cp[2 * C + 1], "candidates of one env are decorrelated");
    }

    @Test
    void theWalkStartsAtCheckpointZeroWithFixedStepsAndBoundedTurns() {
        HostVec2Array cp = checkpoints();
        float[] c = cp.data();
        float[] p = steer(cp).data();
        for (int s = 0; s < E * K; s++) {
            double per = 0;
            for (int i = 0; i < C; i++) {
                int j = (i + 1) % C;
                per += Math.hypot(c[2 * (s * C + j)] - c[2 * (s * C + i)], c[2 * (s * C + j) + 1] - c[2 * (s * C + i) + 1]);
            }
            double dl = per / N;
            assertEquals(c[2 * s * C], p[2 * s * N]);
            double prevH = Double.NaN;
            for (int i = 0; i + 1 < N; i++) {
                int a = s * N + i;
                double ex = p[2 * (a + 1)] - p[2 * a];
                double ey = p[2 * (a + 1) + 1] - p[2 * a + 1];
                assertEquals(dl, Math.hypot(ex, ey), 1e-4 * dl + 1e-6);
                double h = Math.atan2(ey, ex);
                if (i > 0) {
                    assertTrue(Math.abs(Math.atan2(Math.sin(h - prevH), Math.cos(h - prevH))) <= 0.42 + 1e-4);
                }
                prevH = h;
            }
        }
    }

    @Test
    void theClosureTurnsExactlyOnceAndKeepsTheSteeredIncrements() {
        HostVec2Array path = steer(checkpoints());
        HostVec2Array cand = new HostVec2Array(E * K * N);
        HostF32Array heading = new HostF32Array(E * K * N);
        CheckpointCloseKernel.INSTANCE.run(CheckpointCloseKernel.INSTANCE.args().path(path).N(N).heading(heading)
                .cand(cand), 0, E * K);
        int simple = 0;
        float[] p = path.data();
        float[] q = cand.data();
        for (int s = 0; s < E * K; s++) {
            // plain double reference of the closure
            double[] d = new double[N];
            double sum = 0;
            double prev = 0;
            for (int i = 0; i < N; i++) {
                int j = s * N + (i + 1) % N;
                double h = Math.atan2(p[2 * j + 1] - p[2 * (s * N + i) + 1], p[2 * j] - p[2 * (s * N + i)]);
                d[i] = i == 0 ? 0 : Math.atan2(Math.sin(h - prev), Math.cos(h - prev));
                sum += d[i];
                prev = h;
            }
            double drift = (2 * Math.PI - sum) / N;
            double g = 0;
            double mx = 0;
            double my = 0;
            double[] gs = new double[N];
            for (int i = 0; i < N; i++) {
                g += (i == 0 ? 0 : d[i] + drift);
                gs[i] = g;
                mx += Math.cos(g) / N / N;
                my += Math.sin(g) / N / N;
            }
            double x = 0;
            double y = 0;
            double[] xs = new double[2 * N];
            double cx = 0;
            double cy = 0;
            for (int i = 0; i < N; i++) {
                x += Math.cos(gs[i]) / N - mx;
                y += Math.sin(gs[i]) / N - my;
                xs[2 * i] = x;
                xs[2 * i + 1] = y;
                cx += x / N;
                cy += y / N;
            }
            // rebuilt headings: the steered increments plus a constant drift, exactly one turn in all
            assertEquals(0f, heading.data()[s * N]);
            assertEquals(2 * Math.PI - drift, heading.data()[s * N + N - 1], 1e-4);
            for (int i = 1; i < N; i++) {
                assertEquals(d[i] + drift, heading.data()[s * N + i] - heading.data()[s * N + i - 1], 1e-4);
            }
            double turning = 0;
            for (int i = 0; i < N; i++) {
                assertEquals(xs[2 * i] - cx, q[2 * (s * N + i)], 2e-4);
                assertEquals(xs[2 * i + 1] - cy, q[2 * (s * N + i) + 1], 2e-4);
                int a = s * N + i;
                int b = s * N + (i + 1) % N;
                int c = s * N + (i + 2) % N;
                double h0 = Math.atan2(q[2 * b + 1] - q[2 * a + 1], q[2 * b] - q[2 * a]);
                double h1 = Math.atan2(q[2 * c + 1] - q[2 * b + 1], q[2 * c] - q[2 * b]);
                turning += Math.atan2(Math.sin(h1 - h0), Math.cos(h1 - h0));
            }
            // closing the position gap (subtracting the mean edge) can add a small loop, which best-of-K
            // then rejects by its crossing; a candidate without crossing turns exactly once
            if (Crossings.count(q, s * N, N, new float[Crossings.boxFloats(N)], 0, 0) == 0) {
                simple++;
                assertEquals(2 * Math.PI, Math.abs(turning), 1e-3, "net turning of candidate " + s);
            }
        }
        assertTrue(simple >= E * K / 2, simple + " simple candidates");
    }

    @Test
    void selectionPrefersFewerCrossingsThenNoPinchThenTheLowestIndex() {
        int k = 3;
        int n = 2;
        HostVec2Array cand = new HostVec2Array(3 * k * n);
        for (int t = 0; t < 3 * k * n; t++) {
            cand.data()[2 * t] = t / n; // x = candidate slot
        }
        HostI32Array cross = new HostI32Array(3 * k);
        HostI32Array thin = new HostI32Array(3 * k);
        int[] cr = {2, 0, 0, /* env 1 */ 1, 1, 1, /* env 2 */ 0, 3, 0};
        int[] th = {0, 1, 0, /* env 1 */ 1, 1, 1, /* env 2 */ 1, 0, 0};
        System.arraycopy(cr, 0, cross.data(), 0, 9);
        System.arraycopy(th, 0, thin.data(), 0, 9);
        HostVec2Array out = new HostVec2Array(3 * n);
        CheckpointSelectKernel.INSTANCE.run(CheckpointSelectKernel.INSTANCE.args().cand(cand).cross(cross).thin(thin)
                .K(k).N(n).out(out), 0, 3 * n);
        assertEquals(2f, out.data()[0]);
        assertEquals(2f, out.data()[2]);
        assertEquals(3f, out.data()[4]);
        assertEquals(8f, out.data()[8]);
    }

    @Test
    void theClipKeepsTheLongerSubLoopAtTheFirstCrossing() {
        int n = 4;
        int m = n + 2;
        // edges 1 (B->C) and 3 (D->A) cross at P = (0.8, 1.6); the outer sub-loop P, A, B is longer
        HostVec2Array pts = new HostVec2Array(2 * n);
        float[] bow = {0, 0, 4, 0, 0, 2, 1, 2, /* env 1: a simple square */ 0, 0, 1, 0, 1, 1, 0, 1};
        System.arraycopy(bow, 0, pts.data(), 0, bow.length);
        HostVec2Array dense = new HostVec2Array(2 * m);
        CheckpointClipKernel.INSTANCE.run(CheckpointClipKernel.INSTANCE.args().pts(pts).N(n).M(m).dense(dense), 0, 2);
        float[] d = dense.data();
        float[] want = {0.8f, 1.6f, 0, 0, 4, 0};
        for (int k = 0; k < 6; k++) {
            assertEquals(want[k], d[k], 1e-5);
        }
        for (int k = 6; k < 2 * m; k++) {
            assertTrue(Float.isNaN(d[k]));
        }
        for (int k = 0; k < 8; k++) {
            assertEquals(bow[8 + k], d[2 * m + k], "a loop without crossing is copied");
        }
        assertTrue(Float.isNaN(d[2 * m + 8]));
    }

    @Test
    void pinchesAreFlaggedAndRoundLoopsAreNot() {
        int n = 128;
        HostVec2Array loops = new HostVec2Array(2 * n);
        float[] p = loops.data();
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            p[2 * i] = (float) (0.5 * Math.cos(a));
            p[2 * i + 1] = (float) (0.5 * Math.sin(a));
            // a long thin hairpin: out along y = +0.002, back along y = -0.002
            int h = n + i;
            double u = i < n / 2 ? i / (n / 2.0) : (n - i) / (n / 2.0);
            p[2 * h] = (float) u;
            p[2 * h + 1] = i < n / 2 ? 0.002f : -0.002f;
        }
        HostI32Array thin = new HostI32Array(2);
        CheckpointClearanceKernel.INSTANCE.run(CheckpointClearanceKernel.INSTANCE.args().cand(loops).N(n)
                .halfWidth(0.1f).targetExtent(1.44f)
                .boxes(new HostF32Array(2 * CheckpointClearanceKernel.boxFloats(n))).thin(thin), 0, 2);
        assertEquals(0, thin.data()[0]);
        assertEquals(1, thin.data()[1]);
        assertEquals(0, Crossings.count(p, 0, n, new float[Crossings.boxFloats(n)], 0, 0));
    }
}
