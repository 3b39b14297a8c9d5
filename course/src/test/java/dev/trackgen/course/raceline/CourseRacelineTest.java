package dev.trackgen.course.raceline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The race mode's racing-line readings ({@code CourseConfig.Builder.raceline}): an agent on the
 * line reads a lateral distance of ~0 and the line's speed at that point; an agent moved off the
 * line along its normal reads that distance with the side's sign; without the knob the step has no
 * readings and the course no racing line.
 */
class CourseRacelineTest {
    private static final int AGENTS = 3;

    private static Course open(CpuRuntime rt, CourseConfig cc) {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(4).runtime("cpu").build();
        TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(4, 21)).runtime(rt)
                .build();
        Course course = Course.create(gen, cc);
        course.bind(course.allocatePoses());
        return course;
    }

    @Test
    void anAgentOnTheLineReadsZeroAndTheLinesSpeed() {
        try (CpuRuntime rt = new CpuRuntime(1, false);
             Course c = open(rt, CourseConfig.builder().agents(AGENTS).raceline(RacelineOptions.defaults()).build())) {
            c.generate();
            RacingLine line = c.part(RacingLine.class).orElseThrow();
            RacelineSnapshot ls = line.snapshot();
            TrackSnapshot h = c.track().snapshot();
            float[] pos = ((HostVec2Array) c.poses().position()).data();
            int checked = 0;
            for (int e = 0; e < 4; e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                int n = h.count(e);
                int b = e * h.nMax();
                for (int a = 0; a < AGENTS; a++) {
                    int k = (a * n) / AGENTS + 3;
                    int i = b + k;
                    int j = b + (k + 1) % n;
                    // on the line, a third of the way from point k to k + 1
                    float x = ls.line()[2 * i] + (ls.line()[2 * j] - ls.line()[2 * i]) / 3;
                    float y = ls.line()[2 * i + 1] + (ls.line()[2 * j + 1] - ls.line()[2 * i + 1]) / 3;
                    int q = 2 * (e * AGENTS + a);
                    if (a == 2) {
                        // moved 0.02 to the line's left (the edge's left normal)
                        double dx = ls.line()[2 * j] - ls.line()[2 * i];
                        double dy = ls.line()[2 * j + 1] - ls.line()[2 * i + 1];
                        double l = Math.hypot(dx, dy);
                        x += (float) (-dy / l * 0.02);
                        y += (float) (dx / l * 0.02);
                    }
                    pos[q] = x;
                    pos[q + 1] = y;
                }
            }
            CourseStep step = c.step();
            RacelineProbe probe = step.raceline().orElseThrow();
            assertSame(probe, c.part(RacelineProbe.class).orElseThrow());
            float[] lat = ((HostF32Array) probe.lateral()).data();
            float[] v = ((HostF32Array) probe.speed()).data();
            for (int e = 0; e < 4; e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                int n = h.count(e);
                int b = e * h.nMax();
                for (int a = 0; a < AGENTS; a++) {
                    int k = (a * n) / AGENTS + 3;
                    float v0 = ls.speed()[b + k];
                    float v1 = ls.speed()[b + (k + 1) % n];
                    int t = e * AGENTS + a;
                    assertEquals(a == 2 ? 0.02 : 0.0, lat[t], 1e-5, "env " + e + " agent " + a + ": lateral");
                    assertEquals(v0 + (v1 - v0) / 3.0, v[t], 1e-3 * Math.max(1, v0), "env " + e + " agent " + a
                            + ": the line's speed there");
                    assertTrue(v[t] > 0);
                    checked++;
                }
            }
            assertTrue(checked >= AGENTS, "some env is valid");
        }
    }

    @Test
    void offByDefaultNoLineAndNoReadings() {
        try (CpuRuntime rt = new CpuRuntime(1, false); Course c = open(rt, CourseConfig.builder().agents(2).build())) {
            c.generate();
            assertFalse(c.step().raceline().isPresent());
            assertFalse(c.part(RacingLine.class).isPresent());
            assertFalse(c.part(RacelineProbe.class).isPresent());
            assertFalse(c.config().raceline().isPresent());
        }
    }

    @Test
    void badOptionsAreRefused() {
        IllegalArgumentException m = assertThrows(IllegalArgumentException.class,
                () -> new RacelineOptions(-1, VehicleModel.DEFAULT, 6));
        assertTrue(m.getMessage().contains("vehicleMargin"), m.getMessage());
        m = assertThrows(IllegalArgumentException.class, () -> new RacelineOptions(Double.NaN, VehicleModel.DEFAULT, 0));
        assertTrue(m.getMessage().contains("window must be in [1, 64]"), m.getMessage());
    }
}
