package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.config.WidthKnobs;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Per-point half-widths: the curvature profile on generated tracks, and widths given with centerlines. */
class VariableWidthTest {

    @Test
    void theCurvatureProfileWidensCornersWithinItsRangeAndKeepsEveryPromise() {
        int e = 48;
        TrackGenConfig c = Parts.config().numEnvs(e).set(WidthKnobs.PROFILE, "curvature")
                .set(WidthKnobs.HALF_WIDTH_MIN, 0.07).set(WidthKnobs.HALF_WIDTH_MAX, 0.12).build();
        assertEquals(0.12, c.relaxHalfWidth(), "the relaxation keeps the loop apart for the widest road");
        try (CpuRuntime cpu = new CpuRuntime(2, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(cpu).build()) {
            TrackSnapshot s = g.generate().snapshot();
            List<String> bad = TrackInvariants.check(s, 0, 0.02);
            assertTrue(bad.isEmpty(), String.join("\n", bad));
            assertTrue(s.yield() >= 0.8, "yield " + s.yield());
            int varying = 0;
            for (int env = 0; env < e; env++) {
                float lo = Float.POSITIVE_INFINITY;
                float hi = 0;
                for (int i = 0; i < s.count(env); i++) {
                    float wl = s.leftHalfWidth()[env * s.nMax() + i];
                    assertEquals(wl, s.rightHalfWidth()[env * s.nMax() + i], "the curvature profile is symmetric");
                    assertTrue(wl >= 0.07f && wl <= 0.12f, "width " + wl + " within [0.07, 0.12]");
                    lo = Math.min(lo, wl);
                    hi = Math.max(hi, wl);
                }
                varying += hi - lo > 0.02f ? 1 : 0;
            }
            assertTrue(varying > e / 2, varying + " of " + e + " tracks have widths varying by more than 0.02");
        }
    }

    @Test
    void widthsGivenWithCenterlinesFollowTheLoopByArcFraction() {
        int p = 400;
        float[] xy = new float[2 * p];
        float[] left = new float[p];
        float[] right = new float[p];
        for (int i = 0; i < p; i++) {
            double t = 2 * Math.PI * i / p;
            xy[2 * i] = (float) (2 * Math.cos(t));
            xy[2 * i + 1] = (float) (2 * Math.sin(t));
            left[i] = (float) (0.15 + 0.05 * Math.sin(t));
            right[i] = (float) (0.10 + 0.03 * Math.cos(2 * t));
        }
        TrackGenConfig c = Parts.config().halfWidth(0.15).nMax(200).build();
        try (CpuRuntime cpu = new CpuRuntime(1, false); CenterlinePipeline pipe = new CenterlinePipeline(c, p, cpu, true)) {
            TrackSnapshot s = pipe.run(xy, left, right, new int[] {1}).snapshot();
            assertTrue(s.isValid(0));
            assertTrue(TrackInvariants.check(s, 0, 0.02).isEmpty(), TrackInvariants.check(s, 0, 0.02).toString());
            for (int k = 0; k < s.count(0); k++) {
                // a circle: the output point's angle is its arc fraction of the loop
                double t = Math.atan2(s.center()[2 * k + 1], s.center()[2 * k]);
                assertEquals(0.15 + 0.05 * Math.sin(t), s.leftHalfWidth()[k], 2e-3, "left at point " + k);
                assertEquals(0.10 + 0.03 * Math.cos(2 * t), s.rightHalfWidth()[k], 2e-3, "right at point " + k);
            }
            // the same pipeline without widths: half_width everywhere, as a constant-width pipeline gives
            TrackSnapshot plain = pipe.run(xy).snapshot();
            try (CenterlinePipeline constant = new CenterlinePipeline(c, p, cpu)) {
                TrackSnapshot want = constant.run(xy).snapshot();
                assertTrue(Arrays.equals(want.outer(), plain.outer()) && Arrays.equals(want.inner(), plain.inner())
                        && Arrays.equals(want.leftHalfWidth(), plain.leftHalfWidth()), "bit for bit the constant run");
            }
        }
    }

    @Test
    void aCallWithWidthsNeedsAPipelineBuiltForThem() {
        TrackGenConfig c = Parts.config().nMax(64).build();
        try (CpuRuntime cpu = new CpuRuntime(1, false); CenterlinePipeline pipe = new CenterlinePipeline(c, 8, cpu)) {
            assertThrows(IllegalStateException.class, () -> pipe.run(new float[16], new float[8], new float[8],
                    new int[] {1}));
        }
    }

    @Test
    void theWidthRangeIsChecked() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> Parts.config()
                .set(WidthKnobs.PROFILE, "curvature").set(WidthKnobs.HALF_WIDTH_MIN, 0.2)
                .set(WidthKnobs.HALF_WIDTH_MAX, 0.1).build());
        assertTrue(e.getMessage().contains("half_width_min"), e.getMessage());
    }
}
