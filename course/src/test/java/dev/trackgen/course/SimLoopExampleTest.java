package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.localize.TrackFrame;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressEvents;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sim loop of docs/course.md, compiled and run (keep the two in step). */
class SimLoopExampleTest {

    @Test
    void theDocumentedSimLoopRuns() {
        int totalLaps = simLoop(64, 400);
        assertTrue(totalLaps > 64, "agents driving the speed profile complete laps: " + totalLaps);
    }

    static int simLoop(int envs, int steps) {
        // --- docs/course.md: sim loop ---
        int agents = 2;
        float dt = 0.05f;
        TrackGenConfig config = TrackGenConfig.builder().generator("bezier").numEnvs(envs).runtime("cpu").build();
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0)).build()) {
            Track track = gen.generate();
            ComputeRuntime rt = track.runtime();
            double hw = config.halfWidth();

            // per generation: start line and grid, checkpoints from the line, curvature and speed
            StartGrid grid = StartGrid.builder(track).halfWidth(hw).slots(agents).build();
            Checkpoints checkpoints = Checkpoints.builder(track).spacing(5 * hw).startAt(grid).build();
            SpeedProfile profile = SpeedProfile.builder(track).speedCap(3.0).build();

            // per step: the simulator owns the positions [E * A] and rewrites them in place
            Vec2Array positions = rt.allocVec2(envs * agents);
            I32Array done = rt.allocI32(envs * agents);
            TrackLocalizer localizer = TrackLocalizer.builder(track, positions).agents(agents).halfWidth(hw).build();
            ProgressTracker tracker = ProgressTracker.create(checkpoints, positions, agents);

            grid.compute();
            checkpoints.compute();
            profile.compute();
            rt.copy(grid.positions(), positions);   // every agent on its grid slot
            localizer.resetAll();
            tracker.resetAll();

            // a host simulator on the CPU runtime (on CUDA, your sim kernels write the same buffers)
            float[] pos = ((HostVec2Array) positions).data();
            float[] speed = ((HostF32Array) profile.speed()).data();
            TrackSnapshot host = track.snapshot();
            float[] prevDist = new float[envs * agents];
            double reward = 0;
            int laps = 0;
            for (int step = 0; step < steps; step++) {
                TrackFrame frame = localizer.query();            // s, n, segment, on-road
                ProgressEvents ev = tracker.update();            // passes, laps, wrong way, distance
                int[] seg = ((HostI32Array) frame.segment()).data();
                float[] dist = ((HostF32Array) ev.distToNext()).data();
                int[] passed = ((HostI32Array) ev.passed()).data();
                int[] lap = ((HostI32Array) ev.lapCompleted()).data();
                int[] wrongWay = ((HostI32Array) ev.wrongWay()).data();
                int[] onRoad = ((HostI32Array) frame.onRoad()).data();
                float[] n = ((HostF32Array) frame.n()).data();
                for (int q = 0; q < envs * agents; q++) {
                    int e = q / agents;
                    if (step > 0 && !Float.isNaN(dist[q]) && !Float.isNaN(prevDist[q])) {
                        reward += prevDist[q] - dist[q] + 10 * passed[q] - 5 * wrongWay[q] - (1 - onRoad[q]);
                    }
                    laps += lap[q];
                    prevDist[q] = dist[q];
                    if (seg[q] < 0) {
                        continue;                                // invalid env or a paused agent
                    }
                    // a scripted driver: the target speed along the tangent, steering back to the centerline
                    int i = e * host.nMax() + seg[q];
                    float v = speed[i];
                    float tx = host.tangent()[2 * i];
                    float ty = host.tangent()[2 * i + 1];
                    pos[2 * q] += dt * v * tx + 0.3f * n[q] * ty;
                    pos[2 * q + 1] += dt * v * ty - 0.3f * n[q] * tx;
                }
            }
            // an episode ends: reset some agents (a teleport to the grid), their next step is only a priming one
            int[] d = ((HostI32Array) done).data();
            d[0] = 1;
            tracker.reset(done);
            localizer.reset(done);
            // --- end of sim loop ---
            assertTrue(reward > 0, "progress earns reward: " + reward);
            return laps;
        }
    }
}
