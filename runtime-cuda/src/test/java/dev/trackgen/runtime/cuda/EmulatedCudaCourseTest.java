package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link Course} on the CUDA runtime's path (the real {@link CudaRuntime} over the emulated
 * driver, CUDA C bodies on the host): its step is captured on the second call and replayed after
 * that, its masked refresh likewise, and every state it keeps equals the same course on the CPU
 * runtime, step by step, through whole generation, masked regeneration and respawn.
 */
class EmulatedCudaCourseTest {
    private static final int ENVS = 6;
    private static final int AGENTS = 2;

    private static Course open(ComputeRuntime rt) {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(ENVS).runtime("cpu").build();
        CourseConfig cc = CourseConfig.builder().agents(AGENTS).offRoad(OffRoadOptions.sdf().withSdfResolution(32))
                .props(0.2, 64).build();
        Course course = Course.create(TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(ENVS, 7))
                .runtime(rt).build(), cc);
        course.bind(course.allocatePoses());
        return course;
    }

    private static Object download(ComputeRuntime rt, DeviceArray a) {
        if (a instanceof Vec2Array v) {
            float[] out = new float[2 * v.length()];
            rt.download(v, out);
            return out;
        }
        if (a instanceof F32Array f) {
            float[] out = new float[f.length()];
            rt.download(f, out);
            return out;
        }
        int[] out = new int[a.length()];
        rt.download((I32Array) a, out);
        return out;
    }

    /** Everything the course keeps, downloaded. */
    private static List<Object> state(Course c) {
        List<DeviceArray> arrays = new ArrayList<>(List.of(c.track().center(), c.track().inner(), c.track().outer(),
                c.track().valid(), c.grid().positions(), c.grid().headings(), c.checkpoints().position(),
                c.checkpoints().count(), c.profile().speed(), c.props().orElseThrow().props().conePosition(),
                c.offRoad().orElseThrow().sdfGrid().phi(), c.poses().position(), c.poses().heading(),
                c.tracker().events().nextCheckpoint(), c.tracker().events().laps(), c.localizer().frame().segment()));
        List<Object> out = new ArrayList<>();
        for (DeviceArray a : arrays) {
            out.add(download(c.runtime(), a));
        }
        return out;
    }

    private static List<Object> stepResult(Course c, CourseStep r) {
        List<Object> out = new ArrayList<>();
        for (DeviceArray a : List.of(r.frame().s(), r.frame().n(), r.frame().segment(), r.frame().onRoad(),
                r.events().passed(), r.events().wrongWay(), r.events().distToNext(), r.events().progress(),
                r.contacts().orElseThrow().offRoad(), r.contacts().orElseThrow().clearance())) {
            out.add(download(c.runtime(), a));
        }
        return out;
    }

    /** Floats within {@code ulps} ({@link Twins#same}: any NaN equals any NaN), everything else exact. */
    private static void assertSame(String what, List<Object> want, List<Object> got, int ulps) {
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            if (ulps > 0 && want.get(i) instanceof float[] w && got.get(i) instanceof float[] g) {
                assertEquals(w.length, g.length, what + ": item " + i + " length");
                for (int j = 0; j < w.length; j++) {
                    if (!Twins.same(Float.floatToRawIntBits(w[j]), Float.floatToRawIntBits(g[j]), true, ulps)) {
                        throw new AssertionError(what + ": item " + i + " element " + j + ": " + w[j] + " vs " + g[j]
                                + " (" + ulps + " ulps allowed)");
                    }
                }
            } else {
                assertTrue(Objects.deepEquals(want.get(i), got.get(i)), what + ": item " + i + " differs");
            }
        }
    }

    /** Every agent moves a little along its slot's heading, the same on both runtimes. */
    private static void drive(Course cuda, Course cpu, float[] start, float[] dir, int step) {
        float[] pos = new float[start.length];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = start[i] + 0.025f * step * dir[i];
        }
        cuda.runtime().upload(pos, cuda.poses().position());
        cpu.runtime().upload(pos, cpu.poses().position());
    }

    @Test
    void theCourseCapturesItsStepAndMatchesTheCpuCourseThroughRegenerationAndRespawn() {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(d)) {
            matchesTheCpuCourse(rt, d.log::size, 0);
        }
        assertEquals(d.allocations, d.frees, "every allocation is freed on close");
    }

    @Test
    void theLevelAwareOffRoadOfABridgeCourseMatchesTheCpuRuntime() {
        // figure-eight bridge courses: the footprint and level kernels on the CUDA path
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        int[][] cuda;
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(d)) {
            cuda = HostCourseTwinsTest.driveBridgeOffRoad(rt, 60);
        }
        int[][] cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = HostCourseTwinsTest.driveBridgeOffRoad(host, 60);
        }
        int off = 0;
        for (int k = 0; k < cpu.length; k++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(cpu[k], cuda[k], "step " + k);
            for (int v : cpu[k]) {
                off += v;
            }
        }
        assertTrue(off > 0, "some agents off the road");
        assertEquals(d.allocations, d.frees, "every allocation is freed on close");
    }

    private static Course openBridgeCourse(ComputeRuntime rt) {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(ENVS).runtime("cpu")
                .set(dev.trackgen.api.config.ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        CourseConfig cc = CourseConfig.builder().agents(AGENTS).offRoad(OffRoadOptions.segments()).build();
        Course course = Course.create(TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(ENVS, 7))
                .runtime(rt).build(), cc);
        course.bind(course.allocatePoses());
        return course;
    }

    @Test
    void aBridgeCoursesStepWithItsLevelLaunchIsCapturedAndMatchesTheCpuCourse() {
        // bridges on (crossing-free bezier tracks: empty footprints), so the step holds tg_course_offroad_level
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(d);
             CpuRuntime host = new CpuRuntime(2, false);
             Course cuda = openBridgeCourse(rt);
             Course cpu = openBridgeCourse(host)) {
            cuda.generate();
            cpu.generate();
            float[] start = (float[]) download(host, cpu.grid().positions());
            float[] dir = (float[]) download(host, cpu.grid().headings());
            for (int step = 0; step < 6; step++) {
                drive(cuda, cpu, start, dir, 4 * step);
                CourseStep a = cpu.step();
                CourseStep b = cuda.step();
                org.junit.jupiter.api.Assertions.assertArrayEquals(
                        (int[]) download(host, a.contacts().orElseThrow().offRoad()),
                        (int[]) download(rt, b.contacts().orElseThrow().offRoad()), "step " + step + " off-road");
                org.junit.jupiter.api.Assertions.assertArrayEquals((int[]) download(host, a.frame().onRoad()),
                        (int[]) download(rt, b.frame().onRoad()), "step " + step + " on-road");
                assertEquals(step >= 1, cuda.stepCaptured(), "captured from the second step on");
            }
        }
        assertTrue(d.log.contains("launch tg_course_crossing_footprint"), "the footprint kernel ran");
        assertTrue(d.log.contains("launch tg_course_offroad_level"), "the level kernel ran");
        assertEquals(d.allocations, d.frees, "every allocation is freed on close");
    }

    /**
     * Drives a course on {@code rt} and the same course on the CPU runtime side by side and
     * compares everything they keep, step by step (also run on a real GPU by CudaCourseGpuTest).
     *
     * @param rt       a CUDA runtime (emulated driver or a GPU)
     * @param launches the number of eager launches so far, or null where it cannot be counted
     * @param ulps     float tolerance: 0 on the emulated driver (the host bodies agree bit for bit),
     *                 {@link Twins#GPU_TRANSCENDENTAL_ULPS} on a GPU, whose {@code cosf}/{@code sinf}/
     *                 {@code atan2f} move SDF values, cone positions and headings by a few ulps
     */
    static void matchesTheCpuCourse(CudaRuntime rt, java.util.function.IntSupplier launches, int ulps) {
        try (CpuRuntime host = new CpuRuntime(2, false);
             Course cuda = open(rt);
             Course cpu = open(host)) {
            cuda.generate();
            cpu.generate();
            assertSame("after generate", state(cpu), state(cuda), ulps);
            float[] start = (float[]) download(host, cpu.grid().positions());
            float[] dir = (float[]) download(host, cpu.grid().headings());
            int eager = -1;
            for (int step = 0; step < 12; step++) {
                drive(cuda, cpu, start, dir, step);
                List<Object> want = stepResult(cpu, cpu.step());
                List<Object> got = stepResult(cuda, cuda.step());
                assertSame("step " + step, want, got, ulps);
                assertEquals(step >= 1, cuda.stepCaptured(), "captured from the second step on");
                if (launches != null && step == 1) {
                    eager = launches.getAsInt();
                } else if (launches != null && step > 1) {
                    assertEquals(eager, launches.getAsInt(), "captured steps replay, launching nothing eagerly");
                }
            }
            assertFalse(cpu.stepCaptured(), "the eager CPU runtime does not capture");
            I32Array maskCuda = cuda.runtime().allocI32(ENVS);
            I32Array maskCpu = host.allocI32(ENVS);
            for (int round = 0; round < 3; round++) {
                int[] flags = new int[ENVS];
                flags[round] = 1;
                flags[round + 3] = 1;
                cuda.runtime().upload(flags, maskCuda);
                host.upload(flags, maskCpu);
                int[] ids = {round, round + 3};
                int[] seeds = {900 + round, 950 + round};
                cuda.rng().reseed(ids, seeds);
                cpu.rng().reseed(ids, seeds);
                cuda.regenerate(maskCuda);
                cpu.regenerate(maskCpu);
                assertSame("after regenerate, round " + round, state(cpu), state(cuda), ulps);
                drive(cuda, cpu, start, dir, 3);
                assertSame("step after regenerate " + round, stepResult(cpu, cpu.step()), stepResult(cuda, cuda.step()), ulps);
                cuda.reset(maskCuda);
                cpu.reset(maskCpu);
                assertSame("after reset, round " + round, state(cpu), state(cuda), ulps);
            }
        }
    }
}
