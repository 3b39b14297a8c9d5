package dev.trackgen.pipeline.resample;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.KernelArgs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConstantSpacingKernelsTest {

    /** A square of side 1 sampled with n points per side: perimeter exactly 4. */
    private static HostVec2Array squares(int e, int perSide) {
        int n = 4 * perSide;
        HostVec2Array a = new HostVec2Array(e * n);
        for (int env = 0; env < e; env++) {
            for (int i = 0; i < n; i++) {
                int side = i / perSide;
                float f = (i % perSide) / (float) perSide;
                float x = side == 0 ? f : side == 1 ? 1 : side == 2 ? 1 - f : 0;
                float y = side == 0 ? 0 : side == 1 ? f : side == 2 ? 1 : 1 - f;
                a.data()[2 * (env * n + i)] = x;
                a.data()[2 * (env * n + i) + 1] = y;
            }
        }
        return a;
    }

    private record Result(int[] count, int[] valid, float[] out) {
    }

    private static Result run(HostVec2Array in, int e, int n, float spacing, int nMax) {
        HostF32Array seg = new HostF32Array(e * n);
        HostF32Array s = new HostF32Array(e * (n + 1));
        HostI32Array count = new HostI32Array(e);
        HostI32Array valid = new HostI32Array(e);
        java.util.Arrays.fill(valid.data(), 1);
        HostVec2Array out = new HostVec2Array(e * nMax);
        ConstantSpacingScanKernel.INSTANCE.run(ConstantSpacingScanKernel.INSTANCE.args()
                .center(in).N(n).spacing(spacing).nMax(nMax).seg(seg).s(s).count(count).valid(valid), 0, e);
        KernelArgs look = ConstantSpacingLookupKernel.INSTANCE.args()
                .center(in).seg(seg).s(s).N(n).spacing(spacing).nMax(nMax).count(count).out(out);
        for (int b = 0; b < e * nMax; b += 13) {
            ConstantSpacingLookupKernel.INSTANCE.run(look, b, Math.min(e * nMax, b + 13));
        }
        return new Result(count.data(), valid.data(), out.data());
    }

    @Test
    void countFollowsThePerimeterRuleAndPointsAreSpacedAlongTheLoop() {
        // perimeter 4: spacing 0.3 -> floor(13.33) + 1 = 14 points; spacing 0.5 -> 9, then 8 since 8 * 0.5 >= 4
        Result r = run(squares(1, 10), 1, 40, 0.3f, 64);
        assertEquals(14, r.count()[0]);
        assertEquals(1, r.valid()[0]);
        // point 4 sits at arc length 1.2: on the second side at height 0.2
        assertEquals(1f, r.out()[8], 1e-6f);
        assertEquals(0.2f, r.out()[9], 1e-5f);
        for (int i = 14; i < 64; i++) {
            assertTrue(Float.isNaN(r.out()[2 * i]) && Float.isNaN(r.out()[2 * i + 1]));
        }
        assertEquals(8, run(squares(1, 10), 1, 40, 0.5f, 64).count()[0]);
    }

    @Test
    void tracksNeedingMoreThanNMaxPointsAreCappedAndFlaggedInvalid() {
        Result r = run(squares(2, 10), 2, 40, 0.01f, 50);
        assertEquals(50, r.count()[0]);
        assertEquals(0, r.valid()[0]);
        assertEquals(0, r.valid()[1]);
    }

    @Test
    void degenerateLoopsGetNoPoints() {
        HostVec2Array in = new HostVec2Array(8);
        java.util.Arrays.fill(in.data(), Float.NaN);
        Result r = run(in, 2, 4, 0.1f, 10);
        assertEquals(0, r.count()[0]);
        assertEquals(0, r.valid()[1]);
        assertTrue(Float.isNaN(r.out()[0]));
    }

    /**
     * Random loop sizes and spacings across the float range: the count is never wrapped. It is in
     * [1, nMax], and a track is flagged invalid exactly when it needs more than nMax points
     * (decided in double, away from the rounding boundary).
     */
    @Test
    void noSpacingOrSizeWrapsTheCount() {
        java.util.Random rnd = new java.util.Random(20261201L);
        for (int trial = 0; trial < 3000; trial++) {
            float side = (float) Math.pow(10, -15 + 45 * rnd.nextDouble());
            float spacing = (float) Math.pow(10, -38 + 41 * rnd.nextDouble());
            int nMax = 4 + rnd.nextInt(5000);
            HostVec2Array in = squares(1, 10);
            for (int i = 0; i < in.data().length; i++) {
                in.data()[i] *= side;
            }
            Result r = run(in, 1, 40, spacing, nMax);
            int c = r.count()[0];
            double need = Math.floor(4.0 * side / spacing) + 1;
            String what = "side " + side + ", spacing " + spacing + ", nMax " + nMax + ": count " + c;
            assertTrue(c >= 1 && c <= nMax, what);
            if (need > nMax * 1.001 + 2) {
                assertEquals(0, r.valid()[0], what);
                assertEquals(nMax, c, what);
            } else if (need < nMax * 0.999 - 2) {
                assertEquals(1, r.valid()[0], what);
                assertTrue(Math.abs(c - need) <= Math.max(2, need * 1e-5), what + " vs " + need);
            }
        }
    }
}
