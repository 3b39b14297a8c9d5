package dev.trackgen.cli.output;

import dev.trackgen.api.TrackSnapshot;

import java.util.Arrays;

/** Synthetic track batches with known contents; test support. */
final class Snapshots {
    private Snapshots() {
    }

    /**
     * Env e is a circle of radius 1 + e/10 with count = nMax - e points (at least 3), road
     * half-width 0.1; env {@code invalidEnv} is flagged invalid; slots past count are NaN.
     */
    static TrackSnapshot circles(int numEnvs, int nMax, int invalidEnv) {
        TrackSnapshot s = new TrackSnapshot(numEnvs, nMax);
        for (float[] a : new float[][] {s.center(), s.outer(), s.inner(), s.tangent(), s.normal(), s.arclen(),
                s.leftHalfWidth(), s.rightHalfWidth(), s.centerZ(), s.outerZ(), s.innerZ(), s.bank(), s.arclen3d(),
                s.tangent3d()}) {
            Arrays.fill(a, Float.NaN);
        }
        for (int e = 0; e < numEnvs; e++) {
            int n = Math.max(3, nMax - e);
            double r = 1 + e / 10.0;
            s.count()[e] = n;
            s.valid()[e] = e == invalidEnv ? 0 : 1;
            s.winding()[e] = 1;
            s.length()[e] = (float) (2 * Math.PI * r);
            s.length3d()[e] = s.length()[e];
            for (int i = 0; i < n; i++) {
                double a = 2 * Math.PI * i / n;
                double cx = Math.cos(a);
                double cy = Math.sin(a);
                int p = 2 * (e * nMax + i);
                s.center()[p] = (float) (r * cx);
                s.center()[p + 1] = (float) (r * cy);
                s.outer()[p] = (float) ((r + 0.1) * cx);
                s.outer()[p + 1] = (float) ((r + 0.1) * cy);
                s.inner()[p] = (float) ((r - 0.1) * cx);
                s.inner()[p + 1] = (float) ((r - 0.1) * cy);
                s.tangent()[p] = (float) -cy;
                s.tangent()[p + 1] = (float) cx;
                s.normal()[p] = (float) -cx;
                s.normal()[p + 1] = (float) -cy;
                s.arclen()[e * nMax + i] = (float) (r * a);
                s.leftHalfWidth()[e * nMax + i] = 0.1f;
                s.rightHalfWidth()[e * nMax + i] = 0.1f;
                // flat: the elevation stage's default values (lifted() gives them heights)
                s.centerZ()[e * nMax + i] = 0f;
                s.bank()[e * nMax + i] = 0f;
                s.outerZ()[e * nMax + i] = 0f;
                s.innerZ()[e * nMax + i] = 0f;
                s.arclen3d()[e * nMax + i] = s.arclen()[e * nMax + i];
                s.tangent3d()[3 * (e * nMax + i)] = s.tangent()[p];
                s.tangent3d()[3 * (e * nMax + i) + 1] = s.tangent()[p + 1];
                s.tangent3d()[3 * (e * nMax + i) + 2] = 0f;
            }
        }
        return s;
    }

    /**
     * {@link #circles} lifted onto a gentle ramp banked by 0.05 rad: distinct values in every
     * elevation array.
     */
    static TrackSnapshot lifted(int numEnvs, int nMax, int invalidEnv) {
        TrackSnapshot s = circles(numEnvs, nMax, invalidEnv);
        for (int e = 0; e < numEnvs; e++) {
            s.length3d()[e] = s.length()[e] * 1.0001f;
            for (int i = 0; i < s.count()[e]; i++) {
                int t = e * nMax + i;
                float z = (float) (0.01 * i);
                s.centerZ()[t] = z;
                s.bank()[t] = 0.05f;
                s.outerZ()[t] = z + 0.005f;
                s.innerZ()[t] = z - 0.005f;
                s.arclen3d()[t] = s.arclen()[t] * 1.0001f;
                s.tangent3d()[3 * t + 2] = 0.01f;
            }
        }
        return s;
    }
}
