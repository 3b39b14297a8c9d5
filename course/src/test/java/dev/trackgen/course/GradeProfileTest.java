package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Course's three-pass speed profile with {@link SpeedProfile.Builder#grade}: bit for bit the
 * plan-view profile on flat tracks; on a stadium whose bottom straight climbs and top straight
 * falls, slower up-hill and faster down-hill accelerating, faster braking up-hill and slower
 * braking down-hill, every point the fixed point of the 3D model recomputed in double; a banked
 * circle at the banked-curve speed; the Course's knob; no allocation.
 */
class GradeProfileTest {
    private static final double G = 9.81; // world units / s^2: a world unit is a metre here
    private static final double A = 4;
    private static final double R = 0.5;
    private static final double H = 0.05;
    private static final double RISE = 0.4;

    private static float[] f(F32Array a) {
        return ((HostF32Array) a).data();
    }

    private static SpeedProfile.Builder limits(Track t) {
        return SpeedProfile.builder(t).lateralAcceleration(6).acceleration(3).braking(5).speedCap(10);
    }

    @Test
    void onFlatTracksTheGradeProfileIsThePlanProfileBitForBit() {
        for (String g : new String[] {"bezier", "voronoi", "circuit"}) {
            Track t = Fixtures.batch(g).track();
            float[] plan = f(limits(t).build().compute().speed()).clone();
            SpeedProfile lifted = limits(t).grade(G).build().compute();
            assertEquals(G, lifted.gravity());
            assertArrayEquals(plan, f(lifted.speed()), g);
            int same = 0;
            for (int i = 0; i < plan.length; i++) {
                same += Float.floatToRawIntBits(plan[i]) == Float.floatToRawIntBits(f(lifted.speed())[i]) ? 1 : 0;
            }
            assertEquals(plan.length, same, g + ": raw bits");
        }
    }

    /** The stadium of {@link Fixtures#stadium} with heights up the bottom straight and down the top one. */
    private static Track climbing(CpuRuntime rt, float[] zOut, float[] s3Out) {
        double[] p = Fixtures.stadium(A, R, H);
        int n = p.length / 2;
        Track t = Fixtures.fromLoops(rt, new double[][] {p}, n, 0.1);
        int ns = (int) Math.round(A / H);
        int na = (int) Math.round(Math.PI * R / H);
        for (int i = 0; i < n; i++) {
            double h = i < ns ? RISE * i / ns : i < ns + na ? RISE : i < 2 * ns + na ? RISE * (1 - (double) (i - ns - na) / ns) : 0;
            zOut[i] = (float) h;
        }
        double acc = 0;
        for (int i = 0; i < n; i++) {
            s3Out[i] = (float) acc;
            int j = (i + 1) % n;
            acc += Math.sqrt(Math.pow(p[2 * j] - p[2 * i], 2) + Math.pow(p[2 * j + 1] - p[2 * i + 1], 2)
                    + Math.pow(zOut[j] - (double) zOut[i], 2));
        }
        s3Out[n] = (float) acc;
        rt.upload(zOut, t.centerZ());
        rt.upload(new float[n], t.bank());
        rt.upload(Arrays.copyOf(s3Out, n), t.arclen3d());
        rt.upload(new float[] {s3Out[n]}, t.length3d());
        return t;
    }

    @Test
    void aLongClimbIsSlowerUnderAccelerationAndFasterUnderBraking() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            int n = Fixtures.stadium(A, R, H).length / 2;
            float[] z = new float[n];
            float[] s3 = new float[n + 1];
            Track t = climbing(rt, z, s3);
            int ns = (int) Math.round(A / H);
            int na = (int) Math.round(Math.PI * R / H);
            float[] vf = f(limits(t).build().compute().speed()).clone();
            SpeedProfile hill = limits(t).grade(G).build().compute();
            float[] vh = f(hill.speed());
            int up = 0;
            int down = 0;
            for (int i = 3; i < ns; i++) {
                // accelerating in both: the speed rises from the previous point in both profiles
                if (vf[i] > vf[i - 1] && vh[i] > vh[i - 1] && vf[i + 1] > vf[i] && vh[i + 1] > vh[i]) {
                    assertTrue(vh[i] < vf[i], "accelerating up-hill at " + i + ": " + vh[i] + " < " + vf[i]);
                    up++;
                }
                int j = ns + na + i;
                if (vf[j] > vf[j - 1] && vh[j] > vh[j - 1] && vf[j + 1] > vf[j] && vh[j + 1] > vh[j]) {
                    assertTrue(vh[j] > vf[j], "accelerating down-hill at " + j + ": " + vh[j] + " > " + vf[j]);
                    down++;
                }
            }
            assertTrue(up > 10 && down > 10, "accelerating points " + up + ", " + down);
            for (int i = ns - 3; i < ns; i++) {
                assertTrue(vf[i + 1] < vf[i], "the flat profile brakes into the right half circle at " + i);
                assertTrue(vh[i] > vf[i], "braking up-hill at " + i + ": " + vh[i] + " > " + vf[i]);
                int j = 2 * ns + na - 3 + (i - (ns - 3));
                assertTrue(vf[j + 1] < vf[j], "the flat profile brakes into the left half circle at " + j);
                assertTrue(vh[j] < vf[j], "braking down-hill at " + j + ": " + vh[j] + " < " + vf[j]);
            }
            // independent check in double: every point is the least of its three bounds
            float[] kappa = f(hill.curvature());
            for (int i = 0; i < n; i++) {
                int ip = (i + n - 1) % n;
                int in = (i + 1) % n;
                double k = Math.abs(kappa[i]);
                double lim = k > 0 ? Math.min(10, Math.sqrt(6 / k)) : 10;
                double dsIn = s3[ip + 1] - (double) s3[ip];
                double dsOut = s3[i + 1] - (double) s3[i];
                double fwd = Math.sqrt(Math.max(0, vh[ip] * (double) vh[ip] + 2 * 3 * dsIn - 2 * G * (z[i] - (double) z[ip])));
                double back = Math.sqrt(Math.max(0, vh[in] * (double) vh[in] + 2 * 5 * dsOut + 2 * G * (z[in] - (double) z[i])));
                double want = Math.min(lim, Math.min(fwd, back));
                assertEquals(want, vh[i], 1e-4 * want + 1e-5, "point " + i + " (limit " + lim + ", from behind " + fwd
                        + ", braking " + back + ")");
            }
            long perCall = AllocationProbe.perCall(50, 20, 5, hill::compute);
            assertEquals(0, perCall, "compute() with grade allocates " + perCall + " bytes");
        }
    }

    @Test
    void aBankedCircleIsDrivenAtTheBankedCurveSpeed() {
        int n = 200;
        for (boolean ccw : new boolean[] {true, false}) {
            for (double deg : new double[] {12, -12}) {
                try (CpuRuntime rt = new CpuRuntime(1, false)) {
                    Track t = Fixtures.fromLoops(rt, new double[][] {Fixtures.circle(1.0, n, ccw)}, n, 0.1);
                    float[] bank = new float[n];
                    Arrays.fill(bank, (float) Math.toRadians(deg));
                    rt.upload(bank, t.bank());
                    rt.upload(new float[n], t.centerZ());
                    float[] s = new float[n];
                    rt.download(t.arclen(), s);
                    rt.upload(s, t.arclen3d());
                    float[] l = new float[1];
                    rt.download(t.length(), l);
                    rt.upload(l, t.length3d());
                    SpeedProfile p = limits(t).grade(G).build().compute();
                    double mu = 6 / G;
                    double b = Math.toRadians(ccw ? deg : -deg);
                    double want = Math.sqrt(G * (mu * Math.cos(b) + Math.sin(b)) / (Math.cos(b) - mu * Math.sin(b)));
                    for (int i = 0; i < n; i++) {
                        assertEquals(want, f(p.speed())[i], 2e-3 * want, (ccw ? "ccw" : "cw") + " bank " + deg + " at " + i);
                    }
                }
            }
        }
    }

    @Test
    void theCoursePassesItsKnobAndBadGravityIsRefused() {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(2).runtime("cpu").build();
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            for (double g : new double[] {0, G}) {
                TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(2, 3)).runtime(rt)
                        .build();
                try (Course course = Course.create(gen, CourseConfig.builder().agents(1).speedProfileGrade(g).build())) {
                    assertEquals(g, course.profile().gravity());
                    assertEquals(g, course.config().speedProfileGravity());
                }
            }
            Track t = Fixtures.batch("bezier").track();
            for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY, 1e-300}) {
                String m = assertThrows(IllegalArgumentException.class, () -> SpeedProfile.builder(t).grade(bad).build())
                        .getMessage();
                assertTrue(m.contains("grade gravity"), m);
            }
        }
        assertEquals(0, CourseConfig.builder().build().speedProfileGravity());
    }
}
