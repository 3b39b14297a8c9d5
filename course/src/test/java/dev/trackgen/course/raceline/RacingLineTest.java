package dev.trackgen.course.raceline;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.testkit.AllocationProbe;
import dev.trackgen.course.Fixtures;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The racing line on generated batches: every valid env gets a line inside the road, NaN padding, determinism, capture, no allocation. */
class RacingLineTest {

    private static float[] f(dev.trackgen.api.runtime.F32Array a) {
        return ((HostF32Array) a).data();
    }

    @Test
    void everyValidEnvOfEveryGeneratorGetsALineInsideTheRoad() {
        List<String> bad = new ArrayList<>();
        for (String g : Fixtures.generators()) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            double hw = b.halfWidth();
            RacingLine rl = RacingLine.builder(b.track()).halfWidth(hw).vehicle(VehicleModel.DEFAULT.withWorldScale(60))
                    .build().compute();
            double bound = hw - rl.vehicleMargin();
            float[] off = f(rl.offset());
            float[] line = ((HostVec2Array) rl.line()).data();
            float[] v = f(rl.speed());
            int valid = 0;
            for (int e = 0; e < h.numEnvs(); e++) {
                int n = h.count(e);
                int base = e * h.nMax();
                for (int i = n; i < h.nMax(); i++) {
                    if (!Float.isNaN(off[base + i]) || !Float.isNaN(line[2 * (base + i)]) || !Float.isNaN(v[base + i])) {
                        bad.add(g + " env " + e + ": slot " + i + " past the count is not NaN");
                        break;
                    }
                }
                if (!h.isValid(e)) {
                    continue;
                }
                valid++;
                for (int i = 0; i < n; i++) {
                    int t = base + i;
                    double dx = line[2 * t] - (h.center()[2 * t] + off[t] * h.normal()[2 * t]);
                    double dy = line[2 * t + 1] - (h.center()[2 * t + 1] + off[t] * h.normal()[2 * t + 1]);
                    if (!(Math.abs(off[t]) <= bound * (1 + 1e-6)) || !(Math.hypot(dx, dy) < 1e-5)
                            || !(v[t] > 0 && v[t] <= 80) || !Float.isFinite(f(rl.curvature())[t])
                            || !Float.isFinite(f(rl.heading())[t]) || !Float.isFinite(f(rl.acceleration())[t])) {
                        bad.add(g + " env " + e + " point " + i + ": offset " + off[t] + " (bound " + bound + "), speed "
                                + v[t]);
                        break;
                    }
                }
                double lap = f(rl.lapTime())[e];
                double lapCenter = f(rl.centerLapTime())[e];
                double kLine = LineReference.squaredCurvature(LineReference.row(line, e, h.nMax(), n));
                double kCenter = LineReference.squaredCurvature(LineReference.row(h.center(), e, h.nMax(), n));
                if (!(lap > 0) || !(lapCenter > 0) || !(kLine < kCenter) || !(f(rl.length())[e] > 0)) {
                    bad.add(g + " env " + e + ": lap " + lap + " s (centerline " + lapCenter + "), squared curvature "
                            + kLine + " (centerline " + kCenter + ")");
                }
            }
            assertTrue(valid > 0, g + ": no valid env");
        }
        assertTrue(bad.isEmpty(), String.join("\n", bad.subList(0, Math.min(bad.size(), 20))));
    }

    @Test
    void theLineIsFasterThanTheCenterlineOnAverage() {
        Fixtures.Batch b = Fixtures.batch("bezier");
        RacingLine rl = RacingLine.builder(b.track()).halfWidth(b.halfWidth()).vehicle(VehicleModel.DEFAULT.withWorldScale(60))
                .build().compute();
        double line = 0;
        double center = 0;
        for (int e = 0; e < b.host().numEnvs(); e++) {
            if (b.host().isValid(e)) {
                line += f(rl.lapTime())[e];
                center += f(rl.centerLapTime())[e];
            }
        }
        assertTrue(line < 0.97 * center, "line laps " + line + " s against centerline laps " + center + " s");
    }

    @Test
    void shortEnvsGetNaN() {
        double[][] loops = {square(6), square(40)};
        Track t = Fixtures.fromLoops(Fixtures.runtime(), loops, 48, 0.1);
        RacingLine rl = RacingLine.builder(t).halfWidth(0.1).build().compute();
        for (int i = 0; i < 48; i++) {
            assertTrue(Float.isNaN(f(rl.offset())[i]) && Float.isNaN(f(rl.speed())[i]), "env 0 (6 points) is NaN at " + i);
        }
        assertTrue(Float.isNaN(f(rl.lapTime())[0]) && Float.isNaN(f(rl.length())[0]));
        assertTrue(Float.isFinite(f(rl.lapTime())[1]) && Float.isFinite(f(rl.offset())[48]));
    }

    /** A rounded square of {@code n} points, radius about 1. */
    private static double[] square(int n) {
        double[] xy = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            double c = Math.cos(a);
            double s = Math.sin(a);
            double r = 1 / Math.pow(Math.pow(Math.abs(c), 4) + Math.pow(Math.abs(s), 4), 0.25);
            xy[2 * i] = r * c;
            xy[2 * i + 1] = r * s;
        }
        return xy;
    }

    @Test
    void deterministicOnOneAndTwoThreadsAndUnderReplay() {
        Fixtures.Batch b = Fixtures.batch("checkpoint");
        int[][] bits = new int[4][];
        try (CpuRuntime one = new CpuRuntime(1, false); CpuRuntime replay = new CpuRuntime(2, true)) {
            for (int mode = 0; mode < 4; mode++) {
                Track t = mode == 1 ? LineReference.upload(one, b.host()) : mode >= 2 ? LineReference.upload(replay, b.host())
                        : b.track();
                RacingLine rl = RacingLine.builder(t).halfWidth(b.halfWidth()).build();
                if (mode == 3) {
                    CapturedGraph g = replay.capture(rl::compute);
                    g.replay();
                } else {
                    rl.compute();
                }
                float[] off = f(rl.offset());
                float[] v = f(rl.speed());
                float[] lap = f(rl.lapTime());
                int[] row = new int[off.length + v.length + lap.length];
                for (int i = 0; i < off.length; i++) {
                    row[i] = Float.floatToIntBits(off[i]);
                    row[off.length + i] = Float.floatToIntBits(v[i]);
                }
                for (int e = 0; e < lap.length; e++) {
                    row[2 * off.length + e] = Float.floatToIntBits(lap[e]);
                }
                bits[mode] = row;
            }
        }
        assertArrayEquals(bits[0], bits[1], "one thread and two agree bit for bit");
        assertArrayEquals(bits[0], bits[2], "same on another runtime");
        assertArrayEquals(bits[0], bits[3], "replay equals eager");
    }

    @Test
    void computeAllocatesNothing() {
        Fixtures.Batch b = Fixtures.batch("bezier");
        RacingLine rl = RacingLine.builder(b.track()).halfWidth(b.halfWidth()).sweeps(5).build();
        long perCall = AllocationProbe.perCall(50, 20, 5, rl::compute);
        assertEquals(0, perCall, "compute() allocates " + perCall + " bytes");
    }

    @Test
    void badKnobsAreRefusedWithTheirName() {
        Track t = Fixtures.batch("bezier").track();
        String m = assertThrows(IllegalArgumentException.class, () -> RacingLine.builder(t).build()).getMessage();
        assertTrue(m.contains("halfWidth"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RacingLine.builder(t).halfWidth(0.1).vehicleMargin(0.1)
                .build()).getMessage();
        assertTrue(m.contains("vehicleMargin") && m.contains("0.1"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RacingLine.builder(t).halfWidth(0.1).sweeps(0).build())
                .getMessage();
        assertTrue(m.contains("sweeps"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RacingLine.builder(t).halfWidth(0.1).linearizations(0)
                .build()).getMessage();
        assertTrue(m.contains("linearizations"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RacingLine.builder(t).halfWidth(0.1).rho(0).build())
                .getMessage();
        assertTrue(m.contains("rho"), m);
        m = assertThrows(IllegalArgumentException.class, () -> new VehicleModel(9.81, 5, 9.81, -1, 1)).getMessage();
        assertTrue(m.contains("vMax"), m);
        m = assertThrows(IllegalArgumentException.class, () -> VehicleModel.friction(0, 80, 1)).getMessage();
        assertTrue(m.contains("mu"), m);
        assertEquals(Arrays.asList(9.81, 9.81, 9.81), Arrays.asList(VehicleModel.friction(1, 80, 1).aLat(),
                VehicleModel.friction(1, 80, 1).aAccel(), VehicleModel.friction(1, 80, 1).aBrake()));
    }
}
