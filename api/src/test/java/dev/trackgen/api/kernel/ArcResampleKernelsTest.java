package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.KernelArgs;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArcResampleKernelsTest {

    /** Plain reference: drop non-finite points, closed-loop arc length in double, equal steps. */
    private static double[][] reference(float[] dense, int base, int m, int num) {
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            float x = dense[2 * (base + i)];
            float y = dense[2 * (base + i) + 1];
            if (Float.isFinite(x) && Float.isFinite(y)) {
                pts.add(new double[] {x, y});
            }
        }
        int r = pts.size();
        double[][] out = new double[num][2];
        if (r < 2) {
            for (double[] o : out) {
                o[0] = Double.NaN;
                o[1] = Double.NaN;
            }
            return out;
        }
        double[] cum = new double[r + 1];
        for (int j = 0; j < r; j++) {
            double[] a = pts.get(j);
            double[] b = pts.get((j + 1) % r);
            cum[j + 1] = cum[j] + Math.hypot(b[0] - a[0], b[1] - a[1]);
        }
        for (int k = 0; k < num; k++) {
            double target = k * cum[r] / num;
            int idx = 0;
            while (idx < r - 1 && cum[idx + 1] < target) {
                idx++;
            }
            double seg = Math.max(cum[idx + 1] - cum[idx], 1e-12);
            double f = Math.min(Math.max((target - cum[idx]) / seg, 0), 1);
            double[] a = pts.get(idx);
            double[] b = pts.get((idx + 1) % r);
            out[k][0] = a[0] + f * (b[0] - a[0]);
            out[k][1] = a[1] + f * (b[1] - a[1]);
        }
        return out;
    }

    private record Run(HostVec2Array out, HostI32Array countOut) {
    }

    private static Run run(HostVec2Array dense, int e, int m, int num, HostI32Array active, int selectedOnly,
                           HostVec2Array out) {
        HostVec2Array real = new HostVec2Array(e * m);
        HostF32Array seg = new HostF32Array(e * m);
        HostF32Array s = new HostF32Array(e * (m + 1));
        HostI32Array countReal = new HostI32Array(e);
        HostI32Array countOut = new HostI32Array(e);
        KernelArgs scan = ArcResampleScanKernel.INSTANCE.args().dense(dense).M(m).num(num).active(active)
                .selectedOnly(selectedOnly).real(real).seg(seg).s(s).countReal(countReal).countOut(countOut);
        ArcResampleScanKernel.INSTANCE.run(scan, 0, e);
        KernelArgs lookup = ArcResampleLookupKernel.INSTANCE.args().real(real).seg(seg).s(s).countReal(countReal)
                .M(m).num(num).out(out);
        // odd chunk boundaries exercise the per-env resumption of the Java body
        int dim = e * num;
        for (int begin = 0; begin < dim; begin += 7) {
            ArcResampleLookupKernel.INSTANCE.run(lookup, begin, Math.min(dim, begin + 7));
        }
        return new Run(out, countOut);
    }

    @Test
    void matchesReferenceWithInteriorNaNsAndDegenerateRows() {
        int e = 4;
        int m = 40;
        int num = 25;
        Random rnd = new Random(1);
        HostVec2Array dense = new HostVec2Array(e * m);
        float[] d = dense.data();
        for (int i = 0; i < e * m; i++) {
            double ang = 2 * Math.PI * (i % m) / m;
            double r = 1 + 0.3 * rnd.nextDouble();
            d[2 * i] = (float) (r * Math.cos(ang));
            d[2 * i + 1] = (float) (r * Math.sin(ang));
            if (rnd.nextDouble() < 0.2) {
                d[2 * i] = Float.NaN;
            }
        }
        // env 3 keeps a single finite point: degenerate
        for (int i = 1; i < m; i++) {
            d[2 * (3 * m + i)] = Float.NaN;
        }
        Run r = run(dense, e, m, num, new HostI32Array(e), 0, new HostVec2Array(e * num));
        for (int env = 0; env < e; env++) {
            double[][] ref = reference(d, env * m, m, num);
            for (int k = 0; k < num; k++) {
                float x = r.out().data()[2 * (env * num + k)];
                float y = r.out().data()[2 * (env * num + k) + 1];
                if (Double.isNaN(ref[k][0])) {
                    assertTrue(Float.isNaN(x) && Float.isNaN(y));
                } else {
                    assertEquals(ref[k][0], x, 1e-5, "env " + env + " point " + k);
                    assertEquals(ref[k][1], y, 1e-5, "env " + env + " point " + k);
                }
            }
        }
        assertEquals(num, r.countOut().data()[0]);
        assertEquals(0, r.countOut().data()[3]);
    }

    @Test
    void selectedModeLeavesInactiveRowsUntouched() {
        int e = 2;
        int m = 8;
        int num = 5;
        HostVec2Array dense = new HostVec2Array(e * m);
        for (int i = 0; i < e * m; i++) {
            double ang = 2 * Math.PI * (i % m) / m;
            dense.data()[2 * i] = (float) Math.cos(ang);
            dense.data()[2 * i + 1] = (float) Math.sin(ang);
        }
        HostVec2Array out = new HostVec2Array(e * num);
        java.util.Arrays.fill(out.data(), 42f);
        run(dense, e, m, num, HostArrays.i32(0, 1), 1, out);
        for (int k = 0; k < 2 * num; k++) {
            assertEquals(42f, out.data()[k]);
        }
        assertEquals(1f, out.data()[2 * num], 1e-6);
        assertEquals(0f, out.data()[2 * num + 1], 1e-6);
    }
}
