package dev.trackgen.pipeline.relax;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.KernelArgs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fused relaxation kernel against a plain reference: one sweep at a time over whole arrays,
 * per-bead candidate scans, explicit buffer copies. The two must agree bit for bit.
 */
class XpbdRelaxKernelTest {

    record Params(float hw, float margin, int iters, int sepEvery, int slots, float skin, int chebyStart,
                  float rho, float gamma, int passes, int polish, int bandOverride) {
        float target() {
            return 2f * hw * (1f + margin);
        }

        float rMin() {
            return hw * (1f + margin);
        }
    }

    /** The reference: the documented per-sweep semantics, written for clarity rather than speed. */
    static float[] reference(float[] in, int n, Params p) {
        float[] x = in.clone();
        float peri = 0f;
        for (int i = 0; i < n; i++) {
            int u = (i + 1) % n;
            float dx = x[2 * u] - x[2 * i];
            float dy = x[2 * u + 1] - x[2 * i + 1];
            peri += (float) Math.sqrt(dx * dx + dy * dy);
        }
        float l0 = peri / n;
        int band = p.bandOverride() > 0 ? p.bandOverride() : SeparationBand.of(l0, 2f * p.hw());
        boolean useCache = p.slots() > 0 && p.sepEvery() > 1;
        float[] omegas = ChebyshevSchedule.omegas(Math.max(p.iters(), 1), p.rho(), p.chebyStart());
        List<List<Integer>> cache = new ArrayList<>();
        float[] prev = null;
        for (int k = 0; k < p.iters(); k++) {
            List<List<Integer>> candidates;
            if (useCache) {
                if (k % p.sepEvery() == 0) {
                    cache = candidates(x, n, band, p.target() * (1f + p.skin()), p.slots());
                }
                candidates = cache;
            } else if (k % p.sepEvery() == 0) {
                candidates = candidates(x, n, band, p.target(), Integer.MAX_VALUE);
            } else {
                candidates = null;
            }
            float[] h = sweep(x, n, l0, p.target(), p.rMin(), 1f, 1f, 1.5f, candidates);
            if (k >= p.chebyStart()) {
                float[] xPrev = k == p.chebyStart() ? x : prev;
                float[] blended = new float[h.length];
                for (int q = 0; q < h.length; q++) {
                    blended[q] = omegas[k] * (p.gamma() * (h[q] - x[q]) + (x[q] - xPrev[q])) + xPrev[q];
                }
                prev = x;
                x = blended;
            } else {
                x = h;
            }
        }
        for (int pass = 0; pass < p.passes(); pass++) {
            x = taubin(taubin(x, n, 0.5f), n, -0.53f);
        }
        for (int k = 0; k < p.polish(); k++) {
            x = sweep(x, n, l0, p.target(), p.rMin(), 0f, 1f, 0f, null);
        }
        return x;
    }

    private static List<List<Integer>> candidates(float[] x, int n, int band, float radius, int slots) {
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Integer> c = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                int d = Math.abs(i - j);
                float dx = x[2 * i] - x[2 * j];
                float dy = x[2 * i + 1] - x[2 * j + 1];
                if (Math.min(d, n - d) > band && dx * dx + dy * dy < radius * radius && c.size() < slots) {
                    c.add(j);
                }
            }
            out.add(c);
        }
        return out;
    }

    private static float[] sweep(float[] x, int n, float l0, float target, float rMin, float sr, float pr, float br,
                                 List<List<Integer>> candidates) {
        float[] out = new float[x.length];
        for (int i = 0; i < n; i++) {
            int ip = (i + n - 1) % n;
            int in = (i + 1) % n;
            float xi = x[2 * i];
            float yi = x[2 * i + 1];
            float sx = 0f;
            float sy = 0f;
            int hits = 0;
            if (candidates != null) {
                for (int j : candidates.get(i)) {
                    float dx = xi - x[2 * j];
                    float dy = yi - x[2 * j + 1];
                    float d2 = dx * dx + dy * dy;
                    if (d2 < target * target) {
                        float dist = Math.max((float) Math.sqrt(d2), 1.0e-9f);
                        float w = 0.5f * (target - dist) / dist;
                        sx += w * dx;
                        sy += w * dy;
                        hits++;
                    }
                }
            }
            if (hits > 0) {
                sx /= hits;
                sy /= hits;
            }
            float dnx = x[2 * in] - xi;
            float dny = x[2 * in + 1] - yi;
            float dpx = xi - x[2 * ip];
            float dpy = yi - x[2 * ip + 1];
            float lnRaw = (float) Math.sqrt(dnx * dnx + dny * dny);
            float lpRaw = (float) Math.sqrt(dpx * dpx + dpy * dpy);
            float ln = Math.max(lnRaw, 1.0e-9f);
            float lp = Math.max(lpRaw, 1.0e-9f);
            float fn = (ln - l0) / ln;
            float fp = (lp - l0) / lp;
            float spx = 0.25f * (fn * dnx - fp * dpx);
            float spy = 0.25f * (fn * dny - fp * dpy);
            float twoCross = 2.0f * Math.abs(dpx * dny - dpy * dnx);
            float cx = x[2 * in] - x[2 * ip];
            float cy = x[2 * in + 1] - x[2 * ip + 1];
            float lc2 = cx * cx + cy * cy;
            float lpln = lpRaw * lnRaw;
            float q = twoCross * rMin;
            float bscale = 0f;
            if (q * q > lpln * lpln * lc2) {
                float radius = Math.max(lpln * (float) Math.sqrt(lc2), 1.0e-12f) / twoCross;
                bscale = Math.min(br * ((rMin - radius) / rMin), 1.0f);
            }
            out[2 * i] = xi + sr * sx + pr * spx + bscale * (0.5f * (x[2 * ip] + x[2 * in]) - xi);
            out[2 * i + 1] = yi + sr * sy + pr * spy + bscale * (0.5f * (x[2 * ip + 1] + x[2 * in + 1]) - yi);
        }
        return out;
    }

    private static float[] taubin(float[] x, int n, float f) {
        float[] out = new float[x.length];
        for (int i = 0; i < n; i++) {
            int ip = (i + n - 1) % n;
            int in = (i + 1) % n;
            out[2 * i] = x[2 * i] + f * (0.5f * (x[2 * ip] + x[2 * in]) - x[2 * i]);
            out[2 * i + 1] = x[2 * i + 1] + f * (0.5f * (x[2 * ip + 1] + x[2 * in + 1]) - x[2 * i + 1]);
        }
        return out;
    }

    /** A loop with a pinch (two arcs closer than the target) and a sharp corner, plus noise. */
    static float[] pinchedLoop(int n, long seed) {
        Random r = new Random(seed);
        float[] x = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            double rad = 1.0 - 0.85 * Math.pow(Math.sin(t), 8) + 0.02 * r.nextGaussian();
            x[2 * i] = (float) (rad * Math.cos(t) * 1.6);
            x[2 * i + 1] = (float) (rad * Math.sin(t));
        }
        return x;
    }

    private static float[] runKernel(float[][] envs, int[] counts, int nMax, Params p) {
        return runKernel(envs, counts, nMax, p, BeadUpdates.preferred());
    }

    private static float[] runKernel(float[][] envs, int[] counts, int nMax, Params p, BeadUpdate beads) {
        int e = envs.length;
        HostVec2Array in = new HostVec2Array(e * nMax);
        java.util.Arrays.fill(in.data(), Float.NaN);
        for (int k = 0; k < e; k++) {
            System.arraycopy(envs[k], 0, in.data(), 2 * k * nMax, 2 * counts[k]);
        }
        HostI32Array count = new HostI32Array(e);
        System.arraycopy(counts, 0, count.data(), 0, e);
        float[] om = ChebyshevSchedule.omegas(Math.max(p.iters(), 1), p.rho(), p.chebyStart());
        HostF32Array omegas = new HostF32Array(om.length);
        System.arraycopy(om, 0, omegas.data(), 0, om.length);
        HostVec2Array out = new HostVec2Array(e * nMax);
        int dim = e * nMax;
        KernelArgs a = XpbdRelaxKernel.INSTANCE.args().in(in).count(count).nMax(nMax).twoHalfWidth(2f * p.hw())
                .bandOverride(p.bandOverride()).target(p.target()).rMin(p.rMin()).sepScale(1f).spcScale(1f)
                .bendScale(1.5f).iters(p.iters()).sepEvery(p.sepEvery()).slots(p.slots())
                .cacheRadius(p.target() * (1f + p.skin())).chebyStart(p.chebyStart()).omegas(omegas)
                .gamma(p.gamma()).smoothPasses(p.passes()).polishIters(p.polish())
                .bufA(out).bufB(new HostVec2Array(dim)).bufC(new HostVec2Array(dim))
                .edgeLen(new HostF32Array(dim)).edgeFactor(new HostF32Array(dim))
                .cacheCount(new HostI32Array(dim)).cacheIdx(new HostI32Array(dim * Math.max(p.slots(), 1)))
                .overflow(new HostI32Array(e)).boxes(new HostF32Array(e * XpbdRelaxKernel.boxFloats(nMax)))
                .band(new HostI32Array(e)).l0(new HostF32Array(e));
        XpbdRelaxKernel.runWith((XpbdRelaxKernel.Args) a, 0, e, beads);
        return out.data();
    }

    @ParameterizedTest
    @CsvSource({
            // iters, sepEvery, slots, chebyStart, passes, polish, bandOverride
            "50, 20, 16, 8, 5, 10, 0",
            "30, 1, 0, 1000000, 0, 0, 0",
            "40, 7, 0, 3, 2, 3, 0",
            "25, 4, 4, 1, 0, 5, 5",
            "0, 20, 16, 8, 3, 2, 0",
    })
    void fusedKernelMatchesThePlainReferenceBitForBit(int iters, int sepEvery, int slots, int chebyStart,
                                                      int passes, int polish, int bandOverride) {
        Params p = new Params(0.1f, 0.15f, iters, sepEvery, slots, 0.5f, chebyStart, 0.98f, 0.9f, passes, polish,
                bandOverride);
        int nMax = 200;
        int[] counts = {160, 120, 200, 90};
        float[][] envs = new float[counts.length][];
        for (int k = 0; k < counts.length; k++) {
            envs[k] = pinchedLoop(counts[k], k);
        }
        float[] got = runKernel(envs, counts, nMax, p);
        // the scalar bead loop and the vector one (when the JVM has the module) give the same floats
        assertArrayEquals(runKernel(envs, counts, nMax, p, null), got, "scalar vs preferred bead update");
        for (int k = 0; k < counts.length; k++) {
            float[] ref = reference(envs[k], counts[k], p);
            float[] mine = java.util.Arrays.copyOfRange(got, 2 * k * nMax, 2 * (k * nMax + counts[k]));
            assertArrayEquals(java.util.Arrays.copyOf(ref, 2 * counts[k]), mine, "env " + k);
            for (int i = counts[k]; i < nMax; i++) {
                assertTrue(Float.isNaN(got[2 * (k * nMax + i)]), "padding of env " + k);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
            // iters, sepEvery, slots, half-width
            "40, 5, 16, 0.05",
            "30, 3, 4, 0.3",
    })
    void longLoopsMatchTheReferenceBitForBit(int iters, int sepEvery, int slots, float hw) {
        // from XpbdRelaxKernel.CACHE_GROUP_MIN_CHUNKS chunks of beads the cache refresh tests groups
        // of chunk boxes first: the same candidate lists, so the same floats as the reference
        Params p = new Params(hw, 0.15f, iters, sepEvery, slots, 0.5f, 8, 0.98f, 0.9f, 2, 3, 0);
        int nMax = 480;
        int[] counts = {480, 250, XpbdRelaxKernel.CACHE_GROUP_MIN_CHUNKS * XpbdRelaxKernel.CHUNK};
        float[][] envs = new float[counts.length][];
        for (int k = 0; k < counts.length; k++) {
            envs[k] = pinchedLoop(counts[k], 40 + k);
        }
        float[] got = runKernel(envs, counts, nMax, p);
        // the scalar body (chain pairs in its pair lists) and the preferred one give the same floats
        assertArrayEquals(runKernel(envs, counts, nMax, p, null), got, "scalar vs preferred bead update");
        for (int k = 0; k < counts.length; k++) {
            float[] ref = reference(envs[k], counts[k], p);
            float[] mine = java.util.Arrays.copyOfRange(got, 2 * k * nMax, 2 * (k * nMax + counts[k]));
            assertArrayEquals(java.util.Arrays.copyOf(ref, 2 * counts[k]), mine, "env " + k);
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "2", "3"})
    void fullCandidateListsMatchTheReferenceBitForBit(int slots) {
        // loops far smaller than the target: every bead is a candidate of every bead outside the
        // band (2 beads), so every list overflows and the refresh keeps only the pairs that take
        // a free slot (n = nMax: the pair store at its smallest)
        Params p = new Params(0.5f, 0.15f, 30, 5, slots, 0.5f, 4, 0.98f, 0.9f, 2, 3, 2);
        int nMax = 48;
        int[] counts = {48, 48, 40};
        float[][] envs = new float[counts.length][];
        for (int k = 0; k < counts.length; k++) {
            float[] loop = pinchedLoop(counts[k], 20 + k);
            for (int i = 0; i < loop.length; i++) {
                loop[i] *= 0.05f;
            }
            envs[k] = loop;
        }
        // on fresh threads: a worker's scratch is sized by the largest nMax and slots it has seen
        float[] got = onFreshThread(() -> runKernel(envs, counts, nMax, p));
        assertArrayEquals(onFreshThread(() -> runKernel(envs, counts, nMax, p, null)), got,
                "scalar vs preferred bead update");
        for (int k = 0; k < counts.length; k++) {
            float[] ref = reference(envs[k], counts[k], p);
            float[] mine = java.util.Arrays.copyOfRange(got, 2 * k * nMax, 2 * (k * nMax + counts[k]));
            assertArrayEquals(java.util.Arrays.copyOf(ref, 2 * counts[k]), mine, "env " + k);
        }
    }

    private static float[] onFreshThread(java.util.function.Supplier<float[]> run) {
        java.util.concurrent.CompletableFuture<float[]> result = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                result.complete(run.get());
            } catch (Throwable failure) {
                result.completeExceptionally(failure);
            }
        });
        t.start();
        return result.join();
    }

    @Test
    void theVectorBeadUpdateRunsWhereverTheJvmHasTheVectorModule() {
        // the build's test JVMs get --add-modules jdk.incubator.vector, so the comparisons above
        // cover the vector path; without the module the scalar loop runs alone
        boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        assertEquals(present && !"false".equals(System.getProperty("trackgen.vector")),
                BeadUpdates.preferred() != null);
    }

    @Test
    void theVectorSkinCheckGivesTheScalarAnswer() {
        BeadUpdate beads = BeadUpdates.preferred();
        boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        if (beads == null) {
            // only a JVM without the module (or with trackgen.vector=false) has no vector path
            assertTrue(!present || "false".equals(System.getProperty("trackgen.vector")));
            return;
        }
        Random r = new Random(11);
        float skin = 0.023f;
        float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, skin, -skin, Math.nextUp(skin),
                0.5f * skin, Math.nextDown(0.5f * skin)};
        int checks = 0;
        int held = 0;
        for (int n = 1; n <= 70; n++) {
            for (int trial = 0; trial < 60; trial++) {
                float[] ax = new float[n];
                float[] ay = new float[n];
                float[] x = new float[n];
                float[] y = new float[n];
                for (int i = 0; i < n; i++) {
                    ax[i] = (float) r.nextGaussian();
                    ay[i] = (float) r.nextGaussian();
                    // most moves inside the skin, some right at it
                    x[i] = ax[i] + (float) ((r.nextDouble() - 0.5) * skin);
                    y[i] = ay[i] + (float) ((r.nextDouble() - 0.5) * skin * 0.9);
                }
                if (trial % 3 != 0) {
                    int i = r.nextInt(n);
                    float v = specials[r.nextInt(specials.length)];
                    switch (r.nextInt(4)) {
                        case 0 -> x[i] = ax[i] + v;
                        case 1 -> y[i] = ay[i] + v;
                        case 2 -> ax[i] = v;
                        default -> { x[i] = ax[i] + 0.5f * v; y[i] = ay[i] + 0.5f * v; }
                    }
                }
                boolean scalar = RelaxScratch.withinSkin(x, y, ax, ay, n, skin);
                assertEquals(scalar, beads.withinSkin(x, y, ax, ay, n, skin), "n " + n + " trial " + trial);
                checks++;
                held += scalar ? 1 : 0;
            }
        }
        // both answers occur, so the comparison can fail either way
        assertTrue(held > checks / 5 && held < checks - checks / 5, held + " of " + checks + " held");
    }

    @Test
    void theVectorChainPassesGiveTheScalarFloats() {
        BeadUpdate beads = BeadUpdates.preferred();
        boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        if (beads == null) {
            assertTrue(!present || "false".equals(System.getProperty("trackgen.vector")));
            return;
        }
        Random r = new Random(5);
        float target = 0.23f;
        float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, -0f, 0f, target, Math.nextDown(target)};
        RelaxScratch w = RelaxScratch.forCurrentThread(80, 16);
        int vectorRuns = 0;
        int hits = 0;
        for (int n = 2; n <= 70; n++) {
            for (int off = 1; off < Math.min(n, 7); off++) {
                float[] x = new float[n];
                float[] y = new float[n];
                float step = 0.055f + 0.01f * r.nextFloat();
                for (int i = 0; i < n; i++) {
                    // a wavy chain: pairs off apart lie on both sides of the target
                    x[i] = i * step;
                    y[i] = (float) (0.08 * Math.sin(i * (0.3 + r.nextDouble())));
                }
                if (r.nextInt(3) == 0) {
                    x[r.nextInt(n)] = specials[r.nextInt(specials.length)];
                }
                float[][] self = new float[RelaxScratch.CHAINS][n];
                float[][] send = new float[RelaxScratch.CHAINS][n];
                for (int c = 0; c < RelaxScratch.CHAINS; c++) {
                    for (int p = 0; p < n; p++) {
                        self[c][p] = r.nextInt(8) == 0 ? 0f : 1f;
                        send[c][p] = r.nextInt(8) == 0 ? 0f : 1f;
                    }
                }
                float[][] sums = new float[3][n];
                for (int i = 0; i < n; i++) {
                    sums[0][i] = r.nextInt(3) == 0 ? 0f : (float) r.nextGaussian();
                    sums[1][i] = r.nextInt(3) == 0 ? 0f : (float) r.nextGaussian();
                    sums[2][i] = r.nextInt(4);
                }
                float[][] vector = chainPasses(w, x, y, n, off, self, send, target, sums, beads);
                float[][] scalar = chainPasses(w, x, y, n, off, self, send, target, sums, null);
                for (int a = 0; a < vector.length; a++) {
                    assertArrayEquals(scalar[a], vector[a], "n " + n + " off " + off + " array " + a);
                }
                vectorRuns += n - off >= 8 ? 1 : 0;
                for (float h : scalar[2]) {
                    hits += h != 0f ? 1 : 0;
                }
            }
        }
        assertTrue(vectorRuns > 100 && hits > 1000, vectorRuns + " vector runs, " + hits + " hits");
    }

    /** The chain passes of one pair sweep, vector ({@code beads}) or scalar ({@code null}). */
    private static float[][] chainPasses(RelaxScratch w, float[] x, float[] y, int n, int off, float[][] self,
                                         float[][] send, float target, float[][] sums, BeadUpdate beads) {
        System.arraycopy(sums[0], 0, w.accX, 0, n);
        System.arraycopy(sums[1], 0, w.accY, 0, n);
        System.arraycopy(sums[2], 0, w.accHits, 0, n);
        for (int c = 0; c < RelaxScratch.CHAINS; c++) {
            System.arraycopy(self[c], 0, w.chainSelf[c], 0, n);
            System.arraycopy(send[c], 0, w.chainSend[c], 0, n);
            int done = beads != null ? beads.chainTerms(x, y, n, off + c, c, target, target * target, w) : 0;
            XpbdRelaxKernel.chainTerms(x, y, n, off + c, c, done, target, target * target, w);
        }
        float[] hiHits = java.util.Arrays.copyOf(w.chainHiHits[1], n);
        XpbdRelaxKernel.chainApply(n, beads != null ? beads.chainApply(n, w) : 0, w);
        float[] applied = java.util.Arrays.copyOf(w.accX, n);
        XpbdRelaxKernel.averageSums(n, beads != null ? beads.averageSums(n, w) : 0, w);
        return new float[][] {java.util.Arrays.copyOf(w.chainLoX[0], n), java.util.Arrays.copyOf(w.chainHiY[1], n),
                hiHits, applied, java.util.Arrays.copyOf(w.sepX, n), java.util.Arrays.copyOf(w.sepY, n),
                java.util.Arrays.copyOf(w.accHits, n)};
    }

    @Test
    void relaxationOpensThePinch() {
        Params p = new Params(0.1f, 0.15f, 50, 20, 16, 0.5f, 8, 0.98f, 0.9f, 5, 10, 0);
        int n = 160;
        float[] in = pinchedLoop(n, 3);
        float[] out = java.util.Arrays.copyOf(runKernel(new float[][] {in}, new int[] {n}, n, p), 2 * n);
        assertTrue(minSeparation(in, n, 5) < 0.12, "the input should be pinched");
        assertTrue(minSeparation(out, n, 5) > 0.19, "relaxation should open it: " + minSeparation(out, n, 5));
    }

    @Test
    void aRegularPolygonAtRestLengthIsAFixedPoint() {
        int n = 100;
        float r = 1.5f;
        float[] x = new float[2 * n];
        for (int i = 0; i < n; i++) {
            x[2 * i] = (float) (r * Math.cos(2 * Math.PI * i / n));
            x[2 * i + 1] = (float) (r * Math.sin(2 * Math.PI * i / n));
        }
        Params p = new Params(0.1f, 0.15f, 20, 20, 16, 0.5f, 8, 0.98f, 0.9f, 0, 0, 0);
        float[] out = runKernel(new float[][] {x}, new int[] {n}, n, p);
        for (int k = 0; k < 2 * n; k++) {
            assertEquals(x[k], out[k], 1e-5f);
        }
    }

    private static double minSeparation(float[] x, int n, int band) {
        double m = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (Math.min(j - i, n - j + i) > band) {
                    m = Math.min(m, Math.hypot(x[2 * i] - x[2 * j], x[2 * i + 1] - x[2 * j + 1]));
                }
            }
        }
        return m;
    }
}
