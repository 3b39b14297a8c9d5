package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.course.kernel.CourseKernelIndex;
import dev.trackgen.course.kernel.RacelineKernels;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.course.raceline.VehicleModel;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The racing-line kernels' CUDA C bodies (course_raceline.cu) against their Java twins, element by
 * element, bit for bit, on bezier and circuit batches (one env cut to 2 points: the short branch);
 * the grade-aware speed profiles (the line's, and the Course's three-pass one in
 * course_progress.cu) on elevated, banked tracks.
 */
class HostRacelineTwinsTest {

    private static Track onTwins(TwinCheckingRuntime rt, String generator, int envs, int seed) {
        return onTwins(rt, TrackGenConfig.builder().generator(generator).numEnvs(envs).runtime("cpu").build(), seed);
    }

    private static Track onTwins(TwinCheckingRuntime rt, TrackGenConfig c, int seed) {
        int envs = c.numEnvs();
        TrackSnapshot h;
        try (CpuRuntime cpu = new CpuRuntime(1, false);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, seed)).runtime(cpu)
                     .build()) {
            h = gen.generate().snapshot();
        }
        Track t = Track.fromSnapshot(rt, h);
        int[] count = h.count().clone();
        count[envs - 1] = 2;
        rt.upload(count, t.count());
        // the track's own per-point widths, with a stretch of env 0 narrower than twice the margin
        // (0.025 at half_width 0.1): the corridor's collapse to the midpoint of its limits
        float[] left = h.leftHalfWidth().clone();
        float[] right = h.rightHalfWidth().clone();
        for (int i = 5; i < 11; i++) {
            left[i] = 0.03f;
            right[i] = 0.01f;
        }
        rt.upload(left, t.leftHalfWidth());
        rt.upload(right, t.rightHalfWidth());
        return t;
    }

    @Test
    void racelineKernelsMatchTheirJavaTwinsElementByElement() {
        for (String generator : new String[] {"bezier", "circuit"}) {
            TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
            int envs = generator.equals("circuit") ? 3 : 10;
            Track t = onTwins(rt, generator, envs, 5);
            RacingLine.builder(t).halfWidth(0.1).vehicle(VehicleModel.DEFAULT.withWorldScale(60)).build().compute();
            RacingLine rl = RacingLine.builder(t).halfWidth(0.1).vehicleMargin(0).linearizations(2).sweeps(7).rho(0.3)
                    .vehicle(new VehicleModel(15, 8, 20, 30, 40)).build().compute();
            // the agents' probe: three agents per env near the line, one of them at NaN
            int agents = 3;
            float[] line = new float[2 * envs * t.nMax()];
            rt.download(rl.line(), line);
            int[] count = new int[envs];
            rt.download(t.count(), count);
            float[] pos = new float[2 * envs * agents];
            for (int e = 0; e < envs; e++) {
                for (int a = 0; a < agents; a++) {
                    int k = e * t.nMax() + (count[e] > 2 ? (a * 7 + 1) % count[e] : 0);
                    pos[2 * (e * agents + a)] = a == 2 && e == 0 ? Float.NaN : line[2 * k] + 0.01f * a;
                    pos[2 * (e * agents + a) + 1] = line[2 * k + 1] - 0.005f * a;
                }
            }
            dev.trackgen.api.runtime.Vec2Array positions = rt.allocVec2(envs * agents);
            rt.upload(pos, positions);
            dev.trackgen.course.localize.TrackLocalizer loc = dev.trackgen.course.localize.TrackLocalizer
                    .builder(t, positions).agents(agents).halfWidth(0.1).cold().build();
            loc.query();
            new dev.trackgen.course.raceline.RacelineProbe(rl, positions, loc.frame(), agents, 6).query();
            assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                    + String.join("\n", rt.mismatches()));
            Set<String> expected = new TreeSet<>();
            CourseKernelIndex.all().stream().filter(k -> RacelineKernels.PTX.equals(k.cudaModule()))
                    .forEach(k -> expected.add(k.name()));
            Set<String> ran = new TreeSet<>(rt.launches().keySet());
            assertTrue(ran.containsAll(expected), generator + ": every raceline kernel ran: " + ran);
            assertEquals(3, expected.size());
        }
    }

    @Test
    void theGradeAwareSpeedProfileMatchesItsJavaTwinOnElevatedBankedTracks() {
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(10).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.15).set(ElevationKnobs.BANK_SPEED, 1.5).set(ElevationKnobs.BANK_MAX, 30.0)
                .build();
        Track t = onTwins(rt, c, 5);
        // a NaN height in env 1 (the NaN branch) and a steep bank against every turn of env 2
        float[] z = new float[10 * t.nMax()];
        rt.download(t.centerZ(), z);
        z[t.nMax() + 4] = Float.NaN;
        rt.upload(z, t.centerZ());
        float[] bank = new float[10 * t.nMax()];
        rt.download(t.bank(), bank);
        for (int i = 2 * t.nMax(); i < 3 * t.nMax(); i++) {
            bank[i] = -1.2f * bank[i];
        }
        rt.upload(bank, t.bank());
        RacingLine rl = RacingLine.builder(t).halfWidth(0.1).vehicle(VehicleModel.DEFAULT.withWorldScale(60)).grade(true)
                .build().compute();
        RacingLine.builder(t).halfWidth(0.1).vehicle(new VehicleModel(15, 2, 20, 30, 40)).grade(true).build().compute();
        // the Course's three-pass profile with grade (course_progress.cu), in world units
        dev.trackgen.course.profile.SpeedProfile.builder(t).grade(9.81).build().compute();
        dev.trackgen.course.profile.SpeedProfile.builder(t).lateralAcceleration(0.5).grade(0.2).build().compute();
        assertTrue(rt.launches().containsKey("tg_course_speed_profile"), "ran: " + rt.launches().keySet());
        assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                + String.join("\n", rt.mismatches()));
        assertTrue(rt.launches().containsKey("tg_raceline_speed"), "ran: " + rt.launches().keySet());
        float[] lap = new float[10];
        rt.download(rl.centerLapTime(), lap);
        assertTrue(Float.isNaN(lap[1]), "a NaN height gives a NaN profile");
        assertTrue(Float.isFinite(lap[0]), "env 0 has a lap time: " + lap[0]);
    }
}
