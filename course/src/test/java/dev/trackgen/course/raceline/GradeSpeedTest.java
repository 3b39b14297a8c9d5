package dev.trackgen.course.raceline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.Fixtures;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The grade- and bank-aware speed profile ({@link RacingLine.Builder#grade}): equal bit for bit to
 * the plan-view profile on flat tracks; on a stadium with a long climb and a long descent slower
 * up-hill and faster down-hill under acceleration, faster braking up-hill and slower braking
 * down-hill; at every point the fixed point of the 3D forward-backward model recomputed in double
 * from the output speeds; on banked circles the banked-curve speed {@code sqrt(R g (mu cos b +
 * sin b) / (cos b - mu sin b))}.
 */
class GradeSpeedTest {
    private static final VehicleModel CAR = new VehicleModel(VehicleModel.G, 5, VehicleModel.G, 80, 20);

    private static float[] f(F32Array a) {
        return ((HostF32Array) a).data();
    }

    private static int[] bits(F32Array a) {
        float[] x = f(a);
        int[] out = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = Float.floatToRawIntBits(x[i]);
        }
        return out;
    }

    private static void assertSameProfiles(RacingLine a, RacingLine b, String where) {
        assertArrayEquals(bits(a.speed()), bits(b.speed()), where + ": line speed");
        assertArrayEquals(bits(a.acceleration()), bits(b.acceleration()), where + ": line acceleration");
        assertArrayEquals(bits(a.lapTime()), bits(b.lapTime()), where + ": line lap time");
        assertArrayEquals(bits(a.centerSpeed()), bits(b.centerSpeed()), where + ": centerline speed");
        assertArrayEquals(bits(a.centerAcceleration()), bits(b.centerAcceleration()), where + ": centerline acceleration");
        assertArrayEquals(bits(a.centerLapTime()), bits(b.centerLapTime()), where + ": centerline lap time");
    }

    @Test
    void onFlatTracksTheGradeProfileIsThePlanProfileBitForBit() {
        for (String g : new String[] {"bezier", "circuit"}) {
            Fixtures.Batch b = Fixtures.batch(g);
            RacingLine plan = RacingLine.builder(b.track()).halfWidth(b.halfWidth()).vehicle(CAR).build().compute();
            RacingLine lifted = RacingLine.builder(b.track()).halfWidth(b.halfWidth()).vehicle(CAR).grade(true).build()
                    .compute();
            assertFalse(plan.grade());
            assertTrue(lifted.grade());
            assertSameProfiles(plan, lifted, g);
        }
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track t = stadium(rt, false);
            assertSameProfiles(RacingLine.builder(t).halfWidth(0.1).vehicle(CAR).build().compute(),
                    RacingLine.builder(t).halfWidth(0.1).vehicle(CAR).grade(true).build().compute(), "flat stadium");
        }
    }

    /** Stadium geometry: 80 m straights (20 m per world unit) joined by 10 m half circles. */
    private static final double A = 4;
    private static final double R = 0.5;
    private static final double H = 0.05;
    /** Climb of the bottom straight, world units (8 m over 80 m: a grade of 0.1). */
    private static final double RISE = 0.4;

    private static int straight() {
        return (int) Math.round(A / H);
    }

    private static int arc() {
        return (int) Math.round(Math.PI * R / H);
    }

    /** Heights: up the bottom straight, level round the right half circle, down the top straight, level at 0. */
    private static float[] climbHeights(int n) {
        int ns = straight();
        int na = arc();
        float[] z = new float[n];
        for (int i = 0; i < n; i++) {
            double h;
            if (i < ns) {
                h = RISE * i / ns;
            } else if (i < ns + na) {
                h = RISE;
            } else if (i < 2 * ns + na) {
                h = RISE * (1 - (double) (i - ns - na) / ns);
            } else {
                h = 0;
            }
            z[i] = (float) h;
        }
        return z;
    }

    private static Track stadium(CpuRuntime rt, boolean climb) {
        double[] p = Fixtures.stadium(A, R, H);
        int n = p.length / 2;
        Track t = Fixtures.fromLoops(rt, new double[][] {p}, n, 0.1);
        rt.upload(climb ? climbHeights(n) : new float[n], t.centerZ());
        rt.upload(new float[n], t.bank());
        return t;
    }

    @Test
    void aLongClimbIsSlowerUnderAccelerationAndFasterUnderBraking() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track t = stadium(rt, true);
            int n = t.nMax();
            int ns = straight();
            int na = arc();
            RacingLine flat = RacingLine.builder(t).halfWidth(0.1).vehicle(CAR).build().compute();
            RacingLine hill = RacingLine.builder(t).halfWidth(0.1).vehicle(CAR).grade(true).build().compute();
            float[] vf = f(flat.centerSpeed());
            float[] vh = f(hill.centerSpeed());
            float[] af = f(flat.centerAcceleration());
            float[] ah = f(hill.centerAcceleration());
            int upAccel = 0;
            int downAccel = 0;
            for (int i = 2; i < ns; i++) {
                // where both accelerate (down-hill the 3D profile starts braking earlier)
                if (af[i] > 0.5f && ah[i] > 0.5f) {
                    assertTrue(vh[i] < vf[i], "accelerating up-hill at " + i + ": " + vh[i] + " < " + vf[i]);
                    upAccel++;
                }
                int j = ns + na + i;
                if (af[j] > 0.5f && ah[j] > 0.5f) {
                    assertTrue(vh[j] > vf[j], "accelerating down-hill at " + j + ": " + vh[j] + " > " + vf[j]);
                    downAccel++;
                }
            }
            assertTrue(upAccel > 20 && downAccel > 20, "accelerating points " + upAccel + ", " + downAccel);
            for (int i = ns - 3; i < ns; i++) {
                assertTrue(af[i] < 0, "the flat profile brakes into the right half circle at " + i);
                assertTrue(vh[i] > vf[i], "braking up-hill at " + i + ": " + vh[i] + " > " + vf[i]);
                int j = 2 * ns + na - 3 + (i - (ns - 3));
                assertTrue(af[j] < 0, "the flat profile brakes into the left half circle at " + j);
                assertTrue(vh[j] < vf[j], "braking down-hill at " + j + ": " + vh[j] + " < " + vf[j]);
            }
            // the heights cancel round the loop, the climb's loss is larger than the descent's gain
            // at a speed cap of the straights: the lap differs, and the half circles are driven alike
            assertTrue(f(hill.centerLapTime())[0] != f(flat.centerLapTime())[0]);
            assertEquals(vf[ns + na / 2], vh[ns + na / 2], 1e-6f * vf[ns + na / 2], "mid-corner at the lateral limit");
            // the line (its own heights: the centerline's on an unbanked road) is checked the same way below
            float[] z = climbHeights(n);
            float[] center = ((HostVec2Array) t.center()).data();
            assertFixedPoint(center, f(hill.centerCurvature()), z, new float[n], vh, f(hill.centerAcceleration()),
                    f(hill.centerLapTime())[0], n, "centerline");
            assertFixedPoint(((HostVec2Array) hill.line()).data(), f(hill.curvature()), z, new float[n], f(hill.speed()),
                    f(hill.acceleration()), f(hill.lapTime())[0], n, "line");
        }
    }

    /**
     * Independent check of the model in double, from the kernel's output speeds: every point's
     * speed is the least of its banked lateral limit, the speed reached from the previous point
     * accelerating up (or down) its 3D chord, and the speed from which the next point's speed is
     * reached braking; every edge's acceleration and the lap time follow from the speeds.
     */
    private static void assertFixedPoint(float[] xy, float[] kappa, float[] z, float[] bank, float[] v, float[] acc,
                                         float lap, int n, String where) {
        double s = CAR.worldScale();
        double g = VehicleModel.G;
        double mu = CAR.aLat() / g;
        double lapRef = 0;
        for (int i = 0; i < n; i++) {
            int ip = (i + n - 1) % n;
            int in = (i + 1) % n;
            double k = Math.abs(kappa[i]) / s;
            double lim = Math.min(CAR.vMax(), k > 0 ? Math.sqrt(lateral(bank[i], kappa[i], mu, g) / k) : CAR.vMax());
            double fwd = Math.sqrt(Math.max(0, v[ip] * (double) v[ip] + 2 * chord(xy, z, ip, i, s) * CAR.aAccel()
                    * rest(v[ip], kappa[ip], bank[ip], mu, g, s) - 2 * g * s * (z[i] - (double) z[ip])));
            double back = Math.sqrt(Math.max(0, v[in] * (double) v[in] + 2 * chord(xy, z, i, in, s) * CAR.aBrake()
                    * rest(v[in], kappa[in], bank[in], mu, g, s) + 2 * g * s * (z[in] - (double) z[i])));
            double want = Math.min(lim, Math.min(fwd, back));
            assertEquals(want, v[i], 2e-4 * want + 1e-4, where + " point " + i + " (limit " + lim + ", from behind "
                    + fwd + ", braking " + back + ")");
            double ds = chord(xy, z, i, in, s);
            assertEquals((v[in] * (double) v[in] - v[i] * (double) v[i]) / (2 * ds), acc[i], 1e-3 * (1 + Math.abs(acc[i])),
                    where + " acceleration at " + i);
            lapRef += 2 * ds / ((double) v[i] + v[in]);
        }
        assertEquals(lapRef, lap, 1e-5 * lapRef, where + " lap time");
    }

    private static double chord(float[] xy, float[] z, int i, int j, double s) {
        double dx = xy[2 * j] - (double) xy[2 * i];
        double dy = xy[2 * j + 1] - (double) xy[2 * i + 1];
        double dz = z[j] - (double) z[i];
        return s * Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** The banked-curve limit in its textbook form, with sine and cosine. */
    private static double lateral(double bank, double kappa, double mu, double g) {
        double b = kappa < 0 ? -bank : bank;
        double den = Math.cos(b) - mu * Math.sin(b);
        return den <= 0 ? Double.POSITIVE_INFINITY : Math.max(0, g * (mu * Math.cos(b) + Math.sin(b)) / den);
    }

    private static double rest(double v, double kappa, double bank, double mu, double g, double s) {
        double k = Math.abs(kappa) / s;
        double use = k > 0 ? v * v * k / lateral(bank, kappa, mu, g) : 0;
        return use >= 0.999999 ? 0 : Math.sqrt(1 - use * use);
    }

    @Test
    void aBankedCircleIsDrivenAtTheBankedCurveSpeed() {
        int n = 200;
        double scale = 50; // a 50 m circle
        VehicleModel m = new VehicleModel(0.8 * VehicleModel.G, 5, VehicleModel.G, 80, scale);
        double mu = 0.8;
        double g = VehicleModel.G;
        for (boolean ccw : new boolean[] {true, false}) {
            for (double deg : new double[] {10, -10, 0, 30}) {
                try (CpuRuntime rt = new CpuRuntime(1, false)) {
                    Track t = Fixtures.fromLoops(rt, new double[][] {Fixtures.circle(1.0, n, ccw)}, n, 0.1);
                    float[] bank = new float[n];
                    Arrays.fill(bank, (float) Math.toRadians(deg));
                    rt.upload(bank, t.bank());
                    rt.upload(new float[n], t.centerZ());
                    RacingLine rl = RacingLine.builder(t).halfWidth(0.1).vehicleMargin(0.025).vehicle(m).grade(true)
                            .build().compute();
                    // positive bank lowers the left border: it leans into a counter-clockwise (left) turn
                    double b = Math.toRadians(ccw ? deg : -deg);
                    double want = Math.sqrt(scale * g * (mu * Math.cos(b) + Math.sin(b)) / (Math.cos(b) - mu * Math.sin(b)));
                    String where = (ccw ? "ccw" : "cw") + " bank " + deg;
                    for (int i = 0; i < n; i++) {
                        assertEquals(want, f(rl.centerSpeed())[i], 1e-4 * want, where + " centerline speed at " + i);
                    }
                    RacingLine flat = RacingLine.builder(t).halfWidth(0.1).vehicleMargin(0.025).vehicle(m).build()
                            .compute();
                    double planSpeed = f(flat.centerSpeed())[0];
                    assertEquals(Math.sqrt(scale * 0.8 * g), planSpeed, 1e-4 * planSpeed, where + ": the plan profile ignores the bank");
                    if (b > 0) {
                        assertTrue(f(rl.lapTime())[0] < f(flat.lapTime())[0], where + ": the line is faster on the bank");
                    } else if (b < 0) {
                        assertTrue(f(rl.lapTime())[0] > f(flat.lapTime())[0], where + ": the line is slower on the adverse bank");
                    }
                }
            }
        }
    }

    @Test
    void onElevatedGeneratedTracksTheLineProfileIsTheFixedPointOfTheModel() {
        int envs = 6;
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(envs).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.15).set(ElevationKnobs.BANK_SPEED, 1.5).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, 4)).runtime(rt)
                     .build()) {
            Track t = gen.generate();
            RacingLine rl = RacingLine.builder(t).halfWidth(c.halfWidth()).vehicle(CAR).grade(true).build().compute();
            RacingLine plan = RacingLine.builder(t).halfWidth(c.halfWidth()).vehicle(CAR).build().compute();
            int nMax = t.nMax();
            int checked = 0;
            boolean differs = false;
            for (int e = 0; e < envs; e++) {
                int[] count = new int[envs];
                rt.download(t.count(), count);
                int[] valid = new int[envs];
                rt.download(t.valid(), valid);
                if (valid[e] == 0) {
                    continue;
                }
                int n = count[e];
                int b = e * nMax;
                float[] xy = Arrays.copyOfRange(((HostVec2Array) rl.line()).data(), 2 * b, 2 * (b + n));
                float[] zc = Arrays.copyOfRange(f(t.centerZ()), b, b + n);
                float[] bk = Arrays.copyOfRange(f(t.bank()), b, b + n);
                float[] off = Arrays.copyOfRange(f(rl.offset()), b, b + n);
                float[] zl = new float[n];
                for (int i = 0; i < n; i++) {
                    zl[i] = (float) (zc[i] - off[i] * Math.tan(bk[i]));
                }
                assertFixedPoint(xy, Arrays.copyOfRange(f(rl.curvature()), b, b + n), zl, bk,
                        Arrays.copyOfRange(f(rl.speed()), b, b + n), Arrays.copyOfRange(f(rl.acceleration()), b, b + n),
                        f(rl.lapTime())[e], n, "env " + e + " line");
                float[] cxy = Arrays.copyOfRange(((HostVec2Array) t.center()).data(), 2 * b, 2 * (b + n));
                assertFixedPoint(cxy, Arrays.copyOfRange(f(rl.centerCurvature()), b, b + n), zc, bk,
                        Arrays.copyOfRange(f(rl.centerSpeed()), b, b + n),
                        Arrays.copyOfRange(f(rl.centerAcceleration()), b, b + n), f(rl.centerLapTime())[e], n,
                        "env " + e + " centerline");
                differs |= f(rl.lapTime())[e] != f(plan.lapTime())[e];
                checked++;
            }
            assertTrue(checked >= 3, "valid envs " + checked);
            assertTrue(differs, "the heights and banks change the lap times");
            long perCall = AllocationProbe.perCall(20, 10, 5, rl::compute);
            assertEquals(0, perCall, "compute() with grade allocates " + perCall + " bytes");
        }
    }

    @Test
    void theCoursePassesTheKnobToItsRacingLine() {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(2).runtime("cpu").build();
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            for (boolean on : new boolean[] {false, true}) {
                TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(2, 3)).runtime(rt)
                        .build();
                try (Course course = Course.create(gen, CourseConfig.builder().agents(1)
                        .raceline(RacelineOptions.defaults().withGrade(on)).build())) {
                    assertEquals(on, course.part(RacingLine.class).orElseThrow().grade());
                    assertEquals(on, course.config().raceline().orElseThrow().grade());
                }
            }
        }
        assertFalse(RacelineOptions.defaults().grade());
        assertFalse(new RacelineOptions(Double.NaN, VehicleModel.DEFAULT, 6).grade());
    }
}
