package dev.trackgen.generators.hull;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.generators.GeneratorKernels;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HullDisplaceKernelTest {

    @Test
    void midpointsMoveRadiallyWithinBothBoundsAndPaddingIsNaN() {
        int p = 6;
        int m = 5;
        float[] v = {0, 0, 1, -0.2f, 1.6f, 0.8f, 0.7f, 1.5f, -0.3f, 0.9f, 42, 42};
        HostVec2Array sorted = new HostVec2Array(p);
        System.arraycopy(v, 0, sorted.data(), 0, v.length);
        HostI32Array count = new HostI32Array(1);
        count.data()[0] = m;
        HostI32Array seeds = new HostI32Array(1);
        seeds.data()[0] = 77;
        HostVec2Array aug = new HostVec2Array(2 * p);
        HostI32Array augCount = new HostI32Array(1);
        float disp = 0.4f;
        float cap = 0.3f;
        HullDisplaceKernel.INSTANCE.run(HullDisplaceKernel.INSTANCE.args().sorted(sorted).count(count).seeds(seeds)
                .P(p).disp(disp).edgeCap(cap).aug(aug).augCount(augCount), 0, 1);
        assertEquals(2 * m, augCount.data()[0]);
        double cx = 0;
        double cy = 0;
        for (int i = 0; i < m; i++) {
            cx += v[2 * i] / m;
            cy += v[2 * i + 1] / m;
        }
        float[] a = aug.data();
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            assertEquals(v[2 * i], a[4 * i]);
            assertEquals(v[2 * i + 1], a[4 * i + 1]);
            double mx = 0.5 * (v[2 * i] + v[2 * j]);
            double my = 0.5 * (v[2 * i + 1] + v[2 * j + 1]);
            double rx = mx - cx;
            double ry = my - cy;
            double rl = Math.hypot(rx, ry);
            double edge = Math.hypot(v[2 * j] - v[2 * i], v[2 * j + 1] - v[2 * i + 1]);
            double want = (CounterRng.uniform(77, GeneratorKernels.STREAM_HULL_DISPLACEMENT, i) * 2 - 1) * disp * rl;
            want = Math.max(-cap * edge, Math.min(cap * edge, want));
            // the displaced midpoint is M + want * (M - c) / |M - c|
            assertEquals(mx + want * rx / rl, a[4 * i + 2], 1e-5);
            assertEquals(my + want * ry / rl, a[4 * i + 3], 1e-5);
        }
        for (int k = 2 * m; k < 2 * p; k++) {
            assertTrue(Float.isNaN(a[2 * k]) && Float.isNaN(a[2 * k + 1]));
        }
    }
}
