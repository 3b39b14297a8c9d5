package dev.trackgen.generators.polar;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.generators.GeneratorKernels;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PolarKnotsKernelTest {

    @Test
    void knotsFollowThePolarFormulaAndStayInAngularOrder() {
        int e = 50;
        int k = 12;
        HostI32Array seeds = new HostI32Array(e);
        for (int i = 0; i < e; i++) {
            seeds.data()[i] = 1000 + i;
        }
        HostVec2Array knots = new HostVec2Array(e * k);
        float rj = 0.85f;
        float aj = 0.45f;
        PolarKnotsKernel.INSTANCE.run(PolarKnotsKernel.INSTANCE.args().seeds(seeds).K(k).radialJitter(rj)
                .angularJitter(aj).knots(knots), 0, e * k);
        for (int env = 0; env < e; env++) {
            double prev = -Double.MAX_VALUE;
            for (int i = 0; i < k; i++) {
                int s = 1000 + env;
                double r = Math.max(1 + (2 * CounterRng.uniform(s, GeneratorKernels.STREAM_POLAR_KNOTS, 2 * i) - 1) * rj, 0.1);
                double th = 2 * Math.PI * (i + (2 * CounterRng.uniform(s, GeneratorKernels.STREAM_POLAR_KNOTS, 2 * i + 1) - 1) * aj) / k;
                float x = knots.data()[2 * (env * k + i)];
                float y = knots.data()[2 * (env * k + i) + 1];
                assertEquals(r * Math.cos(th), x, 1e-5);
                assertEquals(r * Math.sin(th), y, 1e-5);
                assertTrue(Math.hypot(x, y) >= 0.1 - 1e-6 && Math.hypot(x, y) <= 1 + rj + 1e-6);
                assertTrue(th > prev, "knots are in angular order");
                prev = th;
            }
        }
    }
}
