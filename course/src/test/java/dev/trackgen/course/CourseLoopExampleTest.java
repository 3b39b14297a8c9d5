package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Course loop of docs/course.md, compiled, run, and checked to be the code the page shows. */
class CourseLoopExampleTest {
    private static final String BEGIN = "// --- docs/course.md: course loop ---";
    private static final String END = "// --- end ---";

    /** A stand-in simulator: every car rolls straight on at 1 world unit / s. */
    static final class StraightSim {
        void advance(Poses poses, float dt) {
            float[] p = ((HostVec2Array) poses.position()).data();
            float[] yaw = ((HostF32Array) poses.heading()).data();
            for (int q = 0; q < yaw.length; q++) {
                p[2 * q] += dt * (float) Math.cos(yaw[q]);
                p[2 * q + 1] += dt * (float) Math.sin(yaw[q]);
            }
        }
    }

    static long[] courseLoop(int envs, int steps) {
        StraightSim sim = new StraightSim();
        float dt = 0.02f;
        long episodes = 0;
        long passes = 0;
        // --- docs/course.md: course loop ---
        TrackGenConfig config = TrackGenConfig.builder().generator("bezier").numEnvs(envs).runtime("cpu").build();
        CourseConfig options = CourseConfig.builder().agents(1).offRoad(OffRoadOptions.segments()).build();
        try (Course course = Course.create(TrackGenLauncher.open(config, PerEnvSeededRng.fromScalar(envs, 0)), options)) {
            Poses poses = course.bind(course.allocatePoses()).poses(); // [E * A] buffers the sim writes in place
            course.generate();                  // tracks, grid, checkpoints, speed profile; every car on its slot
            I32Array done = course.runtime().allocI32(envs);  // [E] flags, rewritten in place every step
            int[] doneFlags = ((HostI32Array) done).data();
            int[] ids = new int[envs];
            int nextSeed = envs;
            for (int step = 0; step < steps; step++) {
                sim.advance(poses, dt);           // your simulator moves the cars
                CourseStep r = course.step();     // frames, progress events, contacts: one persistent object
                int[] passed = ((HostI32Array) r.events().passed()).data();
                int[] lap = ((HostI32Array) r.events().lapCompleted()).data();
                int[] offRoad = ((HostI32Array) r.contacts().orElseThrow().offRoad()).data();
                int finished = 0;
                for (int e = 0; e < envs; e++) {  // one agent per env: q == e
                    passes += passed[e];
                    doneFlags[e] = lap[e] | offRoad[e];
                    if (doneFlags[e] != 0) {
                        ids[finished++] = e;
                    }
                }
                if (finished > 0) {               // new tracks for the finished envs only
                    int[] which = Arrays.copyOf(ids, finished);
                    int[] seeds = new int[finished];
                    for (int i = 0; i < finished; i++) {
                        seeds[i] = nextSeed++;
                    }
                    course.rng().reseed(which, seeds);
                    course.regenerate(done);      // their grid, checkpoints, profile refreshed, cars respawned
                    episodes += finished;
                }
            }
        }
        // --- end ---
        return new long[] {episodes, passes};
    }

    @Test
    void theDocumentedCourseLoopRunsAndEndsEpisodes() {
        long[] r = courseLoop(32, 300);
        assertTrue(r[0] >= 32, "cars rolling straight leave the road and get new tracks: " + r[0] + " episodes");
        assertTrue(r[1] > 0, "some pass a checkpoint first");
    }

    @Test
    void thePageShowsThisCode() throws IOException {
        String self = Files.readString(Path.of("src/test/java/dev/trackgen/course/CourseLoopExampleTest.java"));
        String code = self.substring(self.lastIndexOf(BEGIN) + BEGIN.length(), self.lastIndexOf(END));
        String page = Files.readString(Path.of("../docs/course.md"));
        assertTrue(normalized(page).contains(normalized(code)),
                "docs/course.md must show the course loop of CourseLoopExampleTest, line for line");
    }

    private static String normalized(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).collect(Collectors.joining("\n"));
    }
}
