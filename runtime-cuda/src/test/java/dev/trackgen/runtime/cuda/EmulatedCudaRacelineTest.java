package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.course.raceline.VehicleModel;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The racing line with the grade- and bank-aware speed profile ({@code RacingLine.Builder.grade}),
 * and the Course's three-pass profile with {@code SpeedProfile.Builder.grade},
 * on the CUDA runtime's path (the real {@link CudaRuntime} over the emulated driver, CUDA C bodies
 * on the host): captured into a graph after a warm-up call, its speeds cleared, and replayed on
 * elevated, banked tracks, every profile array equals the CPU runtime's.
 */
class EmulatedCudaRacelineTest {
    private static final int ENVS = 6;

    private static List<float[]> profiles(ComputeRuntime rt, boolean capture) {
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(ENVS).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.15).set(ElevationKnobs.BANK_SPEED, 1.5).build();
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(ENVS, 11))
                .runtime(rt).build()) {
            Track t = gen.generate();
            RacingLine rl = RacingLine.builder(t).halfWidth(c.halfWidth()).vehicle(VehicleModel.DEFAULT.withWorldScale(60))
                    .grade(true).build();
            SpeedProfile sp = SpeedProfile.builder(t).grade(9.81).build();
            if (capture) {
                rl.compute(); // warm up: loads the modules
                sp.compute();
                CapturedGraph g = rt.capture(() -> {
                    rl.plan().enqueue(rt);
                    sp.plan().enqueue(rt);
                });
                float[] zero = new float[rl.speed().length()];
                rt.upload(zero, rl.speed());
                rt.upload(zero, rl.centerSpeed());
                rt.upload(zero, sp.speed());
                g.replay();
                g.replay();
            } else {
                rl.compute();
                sp.compute();
            }
            rt.synchronize();
            List<float[]> out = new ArrayList<>();
            for (F32Array a : List.of(rl.speed(), rl.acceleration(), rl.lapTime(), rl.centerSpeed(),
                    rl.centerAcceleration(), rl.centerLapTime(), t.centerZ(), t.bank(), sp.speed())) {
                float[] h = new float[a.length()];
                rt.download(a, h);
                out.add(h);
            }
            return out;
        }
    }

    @Test
    void aCapturedGradeAwareRacingLineEqualsTheCpuOne() {
        List<float[]> cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = profiles(host, false);
        }
        List<float[]> cuda;
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(EmulatedCudaRuntimeTest.driver())) {
            cuda = profiles(rt, true);
        }
        assertEquals(cpu.size(), cuda.size());
        for (int i = 0; i < cpu.size(); i++) {
            assertArrayEquals(cpu.get(i), cuda.get(i), "array " + i);
        }
        boolean lifted = false;
        for (float z : cpu.get(6)) {
            lifted |= z != 0.0f && !Float.isNaN(z);
        }
        assertTrue(lifted, "the tracks have heights");
    }
}
