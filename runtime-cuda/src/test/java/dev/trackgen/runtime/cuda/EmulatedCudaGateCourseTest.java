package dev.trackgen.runtime.cuda;

import dev.trackgen.course.gates.SyntheticGates;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.GatesMode;
import dev.trackgen.course.gates.GateCollision;
import dev.trackgen.course.gates.GateOptions;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A gate {@link Course} on the CUDA runtime's path (the real {@link CudaRuntime} over the
 * emulated driver, CUDA C bodies on the host) against the same course on the CPU runtime: after
 * generation (the gate arrays then overwritten with the same synthetic courses on both), step by
 * step with the step captured from the second call on, through reset and masked regeneration.
 */
class EmulatedCudaGateCourseTest {
    private static final int ENVS = 5;
    private static final int AGENTS = 2;

    private static Course open(ComputeRuntime rt) {
        GateConfig gc = GateConfig.builder().numEnvs(ENVS).generator("bezier").minGates(4).maxGates(8)
                .samplesPerGate(12).build();
        GateGenerator gen = GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator("bezier"))
                .runtime(rt).hostRuntime(() -> new CpuRuntime(1, false)).build();
        CourseConfig cc = CourseConfig.builder().mode(GatesMode.NAME).agents(AGENTS)
                .gates(GateOptions.builder().collision(GateCollision.frames(0.03, 0.05, 0.05)).build()).build();
        Course c = Course.create(gen, cc);
        c.bind(c.allocateFlightPoses());
        return c;
    }

    private static Object download(ComputeRuntime rt, DeviceArray a) {
        if (a instanceof F32Array f) {
            float[] out = new float[f.length()];
            rt.download(f, out);
            return out;
        }
        int[] out = new int[a.length()];
        rt.download((I32Array) a, out);
        return out;
    }

    private static List<Object> state(Course c, CourseStep r) {
        List<DeviceArray> arrays = new ArrayList<>(List.of(c.flightPoses().position(), c.flightPoses().orientation(),
                c.gateTracker().events().nextGate(), c.gateTracker().events().progress(),
                c.gateTracker().events().previous(), c.lineLocalizer().frame().segment()));
        if (r != null) {
            arrays.addAll(List.of(r.lineFrame().s(), r.lineFrame().n(), r.lineFrame().nUp(), r.gateEvents().passed(),
                    r.gateEvents().lapCompleted(), r.gateEvents().wrongGate(), r.gateEvents().distToNext(),
                    r.gateContacts().orElseThrow().hit(), r.gateContacts().orElseThrow().depth(),
                    r.gateContacts().orElseThrow().gate()));
        }
        List<Object> out = new ArrayList<>();
        for (DeviceArray a : arrays) {
            out.add(download(c.runtime(), a));
        }
        return out;
    }

    private static void assertSame(String what, List<Object> want, List<Object> got) {
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            assertTrue(Objects.deepEquals(want.get(i), got.get(i)), what + ": item " + i + " differs");
        }
    }

    private static void fly(SyntheticGates g, Course c, double u) {
        float[] p = new float[3 * ENVS * AGENTS];
        for (int e = 0; e < ENVS; e++) {
            double[] x = g.onLine(e, u);
            for (int a = 0; a < AGENTS; a++) {
                int k = e * AGENTS + a;
                p[3 * k] = (float) x[0];
                p[3 * k + 1] = (float) (x[1] + 0.07 * a);
                p[3 * k + 2] = (float) (x[2] + 0.05 * a);
            }
        }
        c.runtime().upload(p, c.flightPoses().position());
    }

    @Test
    void theGateCourseCapturesItsStepAndMatchesTheCpuCourse() {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(d);
             CpuRuntime host = new CpuRuntime(2, false);
             Course cuda = open(rt);
             Course cpu = open(host)) {
            cuda.generate();
            cpu.generate();
            SyntheticGates gc = new SyntheticGates(rt, cuda.gates(), 0.2);
            SyntheticGates gh = new SyntheticGates(host, cpu.gates(), 0.2);
            cuda.resetAll();
            cpu.resetAll();
            assertSame("after respawn", state(cpu, null), state(cuda, null));
            int eager = -1;
            for (int step = 0; step < 40; step++) {
                fly(gc, cuda, -0.4 + 0.45 * step);
                fly(gh, cpu, -0.4 + 0.45 * step);
                CourseStep want = cpu.step();
                CourseStep got = cuda.step();
                assertSame("step " + step, state(cpu, want), state(cuda, got));
                assertEquals(step >= 1, cuda.stepCaptured(), "captured from the second step on");
                if (step == 1) {
                    eager = d.log.size();
                } else if (step > 1) {
                    assertEquals(eager, d.log.size(), "captured steps replay, launching nothing eagerly");
                }
            }
            int[] progress = (int[]) download(host, cpu.gateTracker().events().progress());
            assertTrue(progress[0] > 0, "the agents passed gates");
            I32Array maskCuda = rt.allocI32(ENVS);
            I32Array maskCpu = host.allocI32(ENVS);
            int[] flags = {0, 1, 0, 0, 1};
            rt.upload(flags, maskCuda);
            host.upload(flags, maskCpu);
            cuda.reset(maskCuda);
            cpu.reset(maskCpu);
            assertSame("after reset", state(cpu, null), state(cuda, null));
            cuda.regenerate(maskCuda);
            cpu.regenerate(maskCpu);
            assertSame("after masked regeneration", state(cpu, null), state(cuda, null));
            // the masked envs hold generated courses now: lay the synthetic ones again, far
            // points off a real course line being near ties between segments
            gc = new SyntheticGates(rt, cuda.gates(), 0.2);
            gh = new SyntheticGates(host, cpu.gates(), 0.2);
            cuda.resetAll();
            cpu.resetAll();
            fly(gc, cuda, 2.2);
            fly(gh, cpu, 2.2);
            assertSame("step after regeneration", state(cpu, cpu.step()), state(cuda, cuda.step()));
        }
    }
}
