package dev.trackgen.testkit;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.generator.KnobValues;
import dev.trackgen.api.generator.SimpleCenterlineGenerator;
import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.RandomStreams;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratorContractTest {

    /** Circles of random radius; {@code mode} breaks one rule. */
    static final class Circles extends SimpleCenterlineGenerator {
        private static final int STREAM = RandomStreams.named("testkit_circles/shape");
        private final String mode;
        private final AtomicInteger calls = new AtomicInteger();
        private volatile double[] kept;

        Circles(String mode) {
            this.mode = mode;
        }

        @Override
        public String name() {
            return "testkit_circles_" + mode; // a field: the base class must not call name() in its constructor
        }

        @Override
        protected void fill(int seed, KnobValues knobs, float[] xy, int offset, int n) {
            float r = CounterRng.uniform(seed, STREAM, 0, 0.7f, 0.9f) * (mode.equals("tiny") ? 0.1f : 1f);
            if (mode.equals("allocating")) {
                kept = new double[16 + seed % 3]; // a fresh array per env and call, kept past the call
            }
            if (mode.equals("drifting")) {
                r += 1e-3f * (calls.incrementAndGet() % 7);
            }
            for (int i = 0; i < n; i++) {
                int j = mode.equals("repeats") && i == n - 1 ? 0 : i;
                double t = 2 * Math.PI * j / (mode.equals("open") ? 2 * n : n);
                xy[offset + 2 * i] = r * (float) Math.cos(t);
                xy[offset + 2 * i + 1] = r * (float) Math.sin(t);
            }
        }
    }

    @Test
    void aGoodGeneratorPasses() {
        GeneratorContract.of(new Circles("good")).check();
    }

    @Test
    void settingsApplyToEveryCheckAndABadOneFailsWhereItIsGiven() {
        GeneratorContract.of(new Circles("good")).with("num_points", "48").with("num_points", "64").envs(8).check();
        assertThrows(InvalidConfigException.class, () -> GeneratorContract.of(new Circles("good")).with("no_such", "1"));
        assertThrows(InvalidConfigException.class, () -> GeneratorContract.of(new Circles("good")).with("num_points", "x"));
        assertThrows(IllegalArgumentException.class, () -> GeneratorContract.of(new Circles("good")).with("num_envs", "9"));
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> GeneratorContract.of(new Circles("tiny")).with("num_points", "64").check());
        assertTrue(e.getMessage().contains("at the defaults with {num_points=64}, below the floor"), e.getMessage());
    }

    @Test
    void eachBrokenRuleFailsWithItsMessage() {
        assertFails("repeats", "repeats its first point");
        assertFails("open", "is not closed");
        assertFails("drifting", "two calls with the same seeds differ");
        assertFails("allocating", "bytes per generate() call; allocate everything in allocateScratch");
        assertFails("tiny", "tracks valid at the defaults, below the floor 0.9");
    }

    @Test
    void theKernelIsNamedAfterTheGenerator() {
        assertEquals("java_testkit_circles_good", new Circles("good").kernels().get(0).name());
    }

    @Test
    void settingsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> GeneratorContract.of(new Circles("good")).yieldFloor(1.5));
        assertThrows(IllegalArgumentException.class, () -> GeneratorContract.of(new Circles("good")).envs(2));
    }

    private static void assertFails(String mode, String message) {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> GeneratorContract.of(new Circles(mode)).check());
        assertTrue(e.getMessage().contains(message), mode + ": " + e.getMessage());
    }
}
