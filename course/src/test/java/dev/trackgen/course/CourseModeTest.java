package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.testmode.LocalizeOnlyMode;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mode seam of {@link Course}: the config's mode name picks a class found by ServiceLoader
 * (here a test-only mode, registered in the test resources alone), the course drives it through
 * the same life cycle as {@link RaceMode}, and an unknown name is refused with the known ones.
 */
class CourseModeTest {
    private static final int ENVS = 6;

    private static Course open(CourseConfig cc) {
        Course c = Course.create(TrackGenLauncher.open(TrackGenConfig.builder().generator("bezier").numEnvs(ENVS)
                .runtime("cpu").build(), PerEnvSeededRng.fromScalar(ENVS, 3)), cc);
        c.bind(c.allocatePoses());
        c.generate();
        return c;
    }

    @Test
    void theDefaultModeIsRace() {
        try (Course c = open(CourseConfig.defaults())) {
            assertInstanceOf(RaceMode.class, c.mode());
            assertEquals(RaceMode.NAME, c.config().mode());
            assertTrue(c.part(Checkpoints.class).isPresent());
        }
    }

    @Test
    void aTestOnlyModeIsFoundByNameAndDrivenLikeTheFirst() {
        CourseConfig cc = CourseConfig.builder().agents(2).mode(LocalizeOnlyMode.NAME).build();
        try (Course only = open(cc); Course race = open(CourseConfig.builder().agents(2).build())) {
            assertInstanceOf(LocalizeOnlyMode.class, only.mode());
            assertArrayEquals(((HostVec2Array) race.poses().position()).data(),
                    ((HostVec2Array) only.poses().position()).data(), "the course spawned the agents on the grid");
            for (int k = 0; k < 3; k++) {
                float[] s = ((HostF32Array) only.step().frame().s()).data().clone();
                assertArrayEquals(((HostF32Array) race.step().frame().s()).data(), s, "the same localizer, the same s");
            }
            assertTrue(only.step().frame().s() == only.localizer().frame().s(), "the mode's part is reachable");
            IllegalStateException none = assertThrows(IllegalStateException.class, only::checkpoints);
            assertTrue(none.getMessage().contains(LocalizeOnlyMode.NAME), none.getMessage());
            HostI32Array mask = new HostI32Array(ENVS);
            mask.data()[1] = 1;
            only.reset(mask);
            only.regenerate(mask);
            assertTrue(only.part(TrackLocalizer.class).isPresent());
        }
    }

    @Test
    void anUnknownModeIsRefusedWithTheKnownOnes() {
        CourseConfig cc = CourseConfig.builder().mode("hovercraft").build();
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(2).runtime("cpu").build();
        try (TrackGenerator gen = TrackGenLauncher.open(c, PerEnvSeededRng.fromScalar(2, 0))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Course.create(gen, cc));
            assertTrue(e.getMessage().contains("'hovercraft'") && e.getMessage().contains(RaceMode.NAME)
                    && e.getMessage().contains(GatesMode.NAME)
                    && e.getMessage().contains(LocalizeOnlyMode.NAME), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().mode(" ").build());
    }
}
