package dev.trackgen.runtime.cuda;

import dev.trackgen.course.gates.SyntheticGates;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.gates.CourseLineLocalizer;
import dev.trackgen.course.gates.GateCollider;
import dev.trackgen.course.gates.GateCollision;
import dev.trackgen.course.gates.GateTracker;
import dev.trackgen.course.kernel.CourseGateKernels;
import dev.trackgen.course.kernel.CourseKernelIndex;
import dev.trackgen.course.kernel.GateRespawnKernel;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate-course CUDA C bodies (course_gates.cu) against their Java twins, element by element,
 * on synthetic saddle-loop gate courses with agents that fly the course line, weave through and
 * around the openings, pause (NaN), teleport and respawn; an env without gates covers the
 * short-count branches.
 */
class HostGateTwinsTest {
    @Test
    void gateKernelsMatchTheirJavaTwinsElementByElement() {
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        int envs = 6;
        SyntheticGates g = new SyntheticGates(rt, envs, 0.2);
        int[] count = g.count.clone();
        count[envs - 1] = 0; // no gates: every body's empty-env branch
        int[] lineCount = new int[envs];
        for (int e = 0; e < envs; e++) {
            lineCount[e] = count[e] * g.samples;
        }
        rt.upload(count, g.course.count());
        rt.upload(lineCount, g.course.lineCount());
        int agents = 3;
        HostF32Array pos = new HostF32Array(envs * agents * 3);
        HostF32Array quat = new HostF32Array(envs * agents * 4);
        HostI32Array mask = new HostI32Array(envs * agents);
        HostI32Array envMask = new HostI32Array(envs);
        HostI32Array agentMask = new HostI32Array(envs * agents);
        CourseLineLocalizer warm = CourseLineLocalizer.builder(g.course, pos).agents(agents).warmWindow(2).build();
        CourseLineLocalizer cold = CourseLineLocalizer.builder(g.course, pos).agents(agents).cold().build();
        GateTracker tracker = GateTracker.create(g.course, pos, agents);
        GateCollider posts = new GateCollider(g.course, pos, agents, GateCollision.posts(0.05, 0.06));
        GateCollider frames = new GateCollider(g.course, pos, agents, GateCollision.frames(0.03, 0.05, 0.05));
        LaunchPlan respawn = LaunchPlan.builder().launch(envs * agents, GateRespawnKernel.INSTANCE.args().mask(envMask)
                .gatePos(g.course.position()).gateQuat(g.course.orientation()).gateCount(g.course.count())
                .gMax(g.gMax).agents(agents).back(0.05f).spacing(0.02f).position(pos).orientation(quat)
                .agentMask(agentMask)).build();
        Random rnd = new Random(23);
        double[] u = new double[envs * agents];
        for (int step = 0; step < 60; step++) {
            for (int q = 0; q < u.length; q++) {
                int e = q / agents;
                u[q] += q % agents == 2 ? 4.5 : 0.35 + 0.2 * rnd.nextDouble();
                mask.data()[q] = 0;
                if (rnd.nextInt(25) == 0) {
                    u[q] = rnd.nextDouble() * 60;
                    mask.data()[q] = 1;
                }
                double[] p = g.onLine(Math.min(e, envs - 2), u[q]);
                boolean nan = rnd.nextInt(30) == 0;
                for (int i = 0; i < 3; i++) {
                    pos.data()[3 * q + i] = nan ? Float.NaN : (float) (p[i] + 0.15 * rnd.nextGaussian());
                }
            }
            warm.reset(mask);
            tracker.reset(mask);
            warm.query();
            cold.query();
            tracker.update();
            posts.query();
            frames.query();
            if (step % 10 == 9) {
                for (int e = 0; e < envs; e++) {
                    envMask.data()[e] = rnd.nextInt(2);
                }
                respawn.enqueue(rt);
            }
        }
        assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                + String.join("\n", rt.mismatches()));
        Set<String> expected = new TreeSet<>();
        CourseKernelIndex.all().stream().filter(k -> CourseGateKernels.PTX.equals(k.cudaModule()))
                .forEach(k -> expected.add(k.name()));
        assertEquals(5, expected.size(), "the gate kernels: " + expected);
        Set<String> ran = new TreeSet<>(rt.launches().keySet());
        ran.retainAll(expected);
        assertEquals(expected, ran, "every gate kernel ran");
    }
}
