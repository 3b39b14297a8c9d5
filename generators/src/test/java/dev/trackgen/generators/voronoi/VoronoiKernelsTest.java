package dev.trackgen.generators.voronoi;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.generators.GeneratorKernels;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VoronoiKernelsTest {
    @Test
    void sortKeysOrdersLikeArraysSortForSpreadClusteredTiedAndNanAngles() {
        SplittableRandom r = new SplittableRandom(5);
        for (int trial = 0; trial < 400; trial++) {
            int n = 1 + r.nextInt(trial % 2 == 0 ? 300 : 20);
            long[] keys = new long[n];
            for (int j = 0; j < n; j++) {
                float angle = switch (trial % 5) {
                    case 0 -> (float) ((r.nextDouble() * 2 - 1) * Math.PI); // spread around the circle
                    case 1 -> (float) (0.3 + 1e-4 * r.nextDouble()); // one cluster, one bucket
                    case 2 -> j % 3 == 0 ? 1.25f : -0.5f; // ties, told apart by the site index
                    case 3 -> j % 7 == 0 ? Float.NaN : (j % 5 == 0 ? -0.0f : (float) r.nextGaussian() * 4f);
                    default -> j % 2 == 0 ? (float) Math.PI : (float) -Math.PI; // the ends
                };
                int bits = Float.floatToIntBits(angle);
                keys[j] = ((long) (bits ^ ((bits >> 31) & 0x7fffffff)) << 32) | j;
            }
            long[] want = keys.clone();
            Arrays.sort(want);
            long[] got = keys.clone();
            VoronoiAnchorsKernel.sortKeys(got, n, new long[n], new int[n + 1]);
            assertTrue(Arrays.equals(want, got), "trial " + trial + ", n " + n);
        }
    }

    static final int E = 20;
    static final int S = 256;
    static final float BOX = 2f;

    static HostI32Array seeds() {
        HostI32Array s = new HostI32Array(E);
        for (int i = 0; i < E; i++) {
            s.data()[i] = 300 + i;
        }
        return s;
    }

    static HostVec2Array[] sites(String layout) {
        HostVec2Array sites = new HostVec2Array(E * S);
        HostVec2Array polar = new HostVec2Array(E * S);
        VoronoiSitesKernel.INSTANCE.run(VoronoiSitesKernel.INSTANCE.args().seeds(seeds()).S(S)
                .layout(VoronoiSitesKernel.layoutCode(layout)).box(BOX).sites(sites).polar(polar), 0, E * S);
        return new HostVec2Array[] {sites, polar};
    }

    @ParameterizedTest
    @ValueSource(strings = {"ring", "void_ring", "clustered", "mixed"})
    void sitesLieWhereTheirLayoutPutsThem(String layout) {
        HostVec2Array[] sp = sites(layout);
        float[] s = sp[0].data();
        float[] p = sp[1].data();
        int annulus = 0;
        double r0 = 0.14 * BOX;
        double r1 = 0.52 * BOX;
        for (int t = 0; t < E * S; t++) {
            double x = s[2 * t];
            double y = s[2 * t + 1];
            double r = Math.hypot(x, y);
            assertEquals(r, p[2 * t], 1e-5);
            assertEquals(Math.atan2(y, x), p[2 * t + 1], 1e-5);
            boolean inBand = r >= r0 - 1e-5 && r <= r1 + 1e-5;
            boolean inBox = Math.abs(x) <= 1 + 1e-6 && Math.abs(y) <= 1 + 1e-6;
            annulus += inBand ? 1 : 0;
            switch (layout) {
                case "void_ring" -> assertTrue(inBand, "void_ring site at radius " + r);
                case "ring" -> assertTrue(inBox);
                default -> assertTrue(inBox || inBand);
            }
        }
        double frac = annulus / (double) (E * S);
        switch (layout) {
            // a uniform fill of the box puts pi (r1^2 - r0^2) / box^2 = 0.79 of the sites in the band
            case "ring" -> assertTrue(frac > 0.7 && frac < 0.88, "ring band fraction " + frac);
            case "mixed" -> assertTrue(frac > 0.88, "mixed band fraction " + frac);
            default -> {
            }
        }
    }

    @Test
    void clusteredSitesGatherAroundSixCentres() {
        float[] p = sites("clustered")[1].data();
        // angular histogram of one env: six clusters leave many of 36 bins nearly empty
        int[] bins = new int[36];
        for (int i = 0; i < S; i++) {
            double a = p[2 * i + 1] + Math.PI;
            bins[Math.min(35, (int) (a / (2 * Math.PI) * 36))]++;
        }
        int sparse = 0;
        for (int b : bins) {
            sparse += b <= 2 ? 1 : 0;
        }
        assertTrue(sparse >= 8, "clustered layout should leave empty sectors, got " + sparse);
    }

    /** Plain reimplementation of the anchor snap in double precision. */
    static int[] referenceAnchors(int seed, float[] sites, int base, int k, float boost, float variation, float jitter) {
        final int st = GeneratorKernels.STREAM_VORONOI_ANCHORS;
        double twoPi = 2 * Math.PI;
        double sector = twoPi / k;
        double rot = CounterRng.uniform(seed, st, 0) * twoPi;
        double[] q = new double[4];
        for (int i = 0; i < 4; i++) {
            q[i] = CounterRng.uniform(seed, st, 1 + i) * twoPi;
        }
        double amp = Math.min(Math.max(variation * boost, 0), 0.85);
        boolean[] used = new boolean[S];
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            double th = rot + sector * i + (2 * CounterRng.uniform(seed, st, 5 + i) - 1) * jitter;
            double prof = (0.62 * Math.sin(2 * th + q[0]) + 0.44 * Math.cos(3 * th + q[1]) + 0.26 * Math.sin(5 * th + q[2])
                    + 0.18 * Math.cos(7 * th + q[3])) / 1.5;
            double tr = Math.min(Math.max(0.34 * BOX * (1 + amp * prof), 0.16 * BOX), 0.52 * BOX);
            int best = 0;
            double bestCost = Double.MAX_VALUE;
            for (int j = 0; j < S; j++) {
                double x = sites[2 * (base + j)];
                double y = sites[2 * (base + j) + 1];
                double d = Math.atan2(y, x) - th;
                double cost = Math.abs(Math.atan2(Math.sin(d), Math.cos(d))) / sector
                        + Math.abs(Math.hypot(x, y) - tr) / (0.13 * BOX) + (used[j] ? 1000 : 0);
                if (cost < bestCost) {
                    bestCost = cost;
                    best = j;
                }
            }
            used[best] = true;
            out[i] = best;
        }
        return out;
    }

    @Test
    void anchorsAreDistinctSitesChosenByTheSnapCost() {
        int k = 18;
        HostVec2Array[] sp = sites("void_ring");
        HostVec2Array anchors = new HostVec2Array(E * k);
        float boost = VoronoiAnchorsKernel.layoutBoost(VoronoiSitesKernel.VOID_RING);
        VoronoiAnchorsKernel.INSTANCE.run(VoronoiAnchorsKernel.INSTANCE.args().seeds(seeds()).sites(sp[0]).polar(sp[1])
                .S(S).K(k).boost(boost).box(BOX).radialVariation(0.62f).angularJitter(0.08f)
                .used(new HostI32Array(E * S)).anchors(anchors), 0, E);
        int agree = 0;
        for (int e = 0; e < E; e++) {
            int[] ref = referenceAnchors(300 + e, sp[0].data(), e * S, k, boost, 0.62f, 0.08f);
            Set<Long> distinct = new HashSet<>();
            for (int i = 0; i < k; i++) {
                float ax = anchors.data()[2 * (e * k + i)];
                float ay = anchors.data()[2 * (e * k + i) + 1];
                distinct.add(((long) Float.floatToIntBits(ax) << 32) | (Float.floatToIntBits(ay) & 0xffffffffL));
                agree += ax == sp[0].data()[2 * (e * S + ref[i])] && ay == sp[0].data()[2 * (e * S + ref[i]) + 1] ? 1 : 0;
            }
            assertEquals(k, distinct.size(), "env " + e + ": anchors are distinct sites");
        }
        // float and double costs may order a near tie differently, and one different pick changes the rest
        assertTrue(agree >= 0.9 * E * k, "agreement with the double reference: " + agree + " of " + E * k);
    }

    @Test
    void chaikinCutsEveryEdgeAtOneQuarterAndThreeQuarters() {
        HostVec2Array poly = new HostVec2Array(3);
        float[] p = {0, 0, 4, 0, 0, 4};
        System.arraycopy(p, 0, poly.data(), 0, 6);
        HostVec2Array out = new HostVec2Array(6);
        ChaikinKernel.INSTANCE.run(ChaikinKernel.INSTANCE.args().poly(poly).K(3).out(out), 0, 6);
        float[] want = {1, 0, 3, 0, 3, 1, 1, 3, 0, 3, 0, 1};
        for (int k = 0; k < 12; k++) {
            assertEquals(want[k], out.data()[k], 1e-6);
        }
    }

    @Test
    void wrapTurnsIsTheFloorOfTheQuotient() {
        float turn = (float) (2.0 * Math.PI);
        double inv = 1.0 / turn;
        java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
        int near = 0;
        for (int k = 0; k < 2_000_000; k++) {
            double s;
            if (k % 2 == 0) {
                s = (rng.nextDouble() * 2 - 1) * 6 * Math.PI;
            } else {
                // a few ulps around whole multiples of the turn, where the product and the quotient may floor apart
                s = Math.round((rng.nextDouble() * 2 - 1) * 3) * (double) turn;
                for (int u = rng.nextInt(-4, 5); u != 0; u += u > 0 ? -1 : 1) {
                    s = u > 0 ? Math.nextUp(s) : Math.nextDown(s);
                }
                near++;
            }
            assertEquals(Math.floor(s / turn), VoronoiAnchorsKernel.wrapTurns(s, turn, inv), "s = " + s);
        }
        assertTrue(near > 0);
        assertTrue(Double.isNaN(VoronoiAnchorsKernel.wrapTurns(Double.NaN, turn, inv)));
        assertEquals(Double.POSITIVE_INFINITY, VoronoiAnchorsKernel.wrapTurns(Double.POSITIVE_INFINITY, turn, inv));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ring", "void_ring", "clustered", "mixed"})
    void theSearchByAngleSnapsTheScansAnchors(String layout) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(layout.hashCode());
        int layoutCode = VoronoiSitesKernel.layoutCode(layout);
        int differentFromFirst = 0;
        for (int trial = 0; trial < 400; trial++) {
            int sites = trial % 5 == 0 ? 6 + rng.nextInt(20) : 24 + rng.nextInt(600);
            int k = 6 + rng.nextInt(Math.min(sites, 40) - 5);
            int seed = rng.nextInt();
            float variation = (float) rng.nextDouble(0, 1.5);
            float jitter = (float) (trial % 7 == 0 ? 0.0 : rng.nextDouble(0, 1.0));
            float[] site = new float[2 * sites];
            float[] polar = new float[2 * sites];
            for (int i = 0; i < sites; i++) {
                VoronoiSitesKernel.siteOne(seed, i, layoutCode, BOX, site, polar, i);
            }
            if (trial % 3 == 0) {
                // equal angles and radii: ties the scan breaks by the lower index
                for (int i = 1; i < sites; i += 4) {
                    polar[2 * i] = polar[2 * (i - 1)];
                    polar[2 * i + 1] = polar[2 * (i - 1) + 1];
                }
            }
            float[] scan = new float[2 * k];
            float[] sorted = new float[2 * k];
            VoronoiAnchorsKernel.anchorsEnv(seed, site, polar, 0, sites, k, VoronoiAnchorsKernel.layoutBoost(layoutCode),
                    BOX, variation, jitter, new int[sites], scan, 0);
            VoronoiAnchorsKernel.anchorsEnv(seed, site, polar, 0, sites, k, VoronoiAnchorsKernel.layoutBoost(layoutCode),
                    BOX, variation, jitter, new int[sites], sorted, 0, new long[sites], new long[sites],
                    new int[sites + 1]);
            for (int q = 0; q < 2 * k; q++) {
                assertEquals(Float.floatToRawIntBits(scan[q]), Float.floatToRawIntBits(sorted[q]),
                        "trial " + trial + ", S " + sites + ", K " + k + ", float " + q);
            }
            differentFromFirst += scan[0] != site[0] ? 1 : 0;
        }
        assertTrue(differentFromFirst > 100, "the anchors must not all be site 0");
    }
}
