package dev.trackgen.testkit;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The contract every {@link CenterlineGenerator} must keep, checked in one line from a JUnit 5
 * test: {@code GeneratorContract.of(new MyGenerator()).check();}. Runs on the CPU runtime, in
 * about a second for a generator as fast as the built-in ones. A failure is a JUnit assertion
 * error naming the generator and the broken rule.
 *
 * <p>Checked, in order: a name and distinct knob names that do not clash with the built-in
 * ones; finite, closed loops (no repeated first point) and flags of 1 for every environment;
 * determinism per seed; each environment depending on its own seed alone (not on other seeds,
 * nor on the batch around it); the same result on 1 and 3 threads; for a
 * {@linkplain CenterlineGenerator#capturable() capturable} generator, a captured and replayed
 * call equal to the eager one; fewer than 32 bytes allocated per steady-state call; and through
 * the whole pipeline at the defaults (or the settings given with {@link #with}), a yield of at
 * least {@link #yieldFloor(double)} (0.9 by default).
 */
public final class GeneratorContract {
    private final CenterlineGenerator generator;
    private final int envs;
    private final double yieldFloor;
    /** Knob values set on every configuration checked, as from {@code --set name=value}, in order. */
    private final Map<String, String> settings;

    private GeneratorContract(CenterlineGenerator generator, int envs, double yieldFloor, Map<String, String> settings) {
        this.generator = generator;
        this.envs = envs;
        this.yieldFloor = yieldFloor;
        this.settings = settings;
    }

    /**
     * @param generator the generator under test (a fresh instance, as {@link java.util.ServiceLoader} makes)
     * @return the contract check with the default settings (64 environments, yield floor 0.9)
     */
    public static GeneratorContract of(CenterlineGenerator generator) {
        return new GeneratorContract(Objects.requireNonNull(generator, "generator"), 64, 0.9, Map.of());
    }

    /**
     * @param floor the least fraction of valid tracks at the default configuration, in {@code [0, 1]}
     * @return a copy with that floor
     * @throws IllegalArgumentException if {@code floor} is outside {@code [0, 1]}
     */
    public GeneratorContract yieldFloor(double floor) {
        if (!(floor >= 0 && floor <= 1)) {
            throw new IllegalArgumentException("the yield floor is a fraction in [0, 1], got " + floor);
        }
        return new GeneratorContract(generator, envs, floor, settings);
    }

    /**
     * @param numEnvs the batch size of the yield check, {@code >= 8} (64 by default)
     * @return a copy with that batch size
     * @throws IllegalArgumentException if {@code numEnvs < 8}
     */
    public GeneratorContract envs(int numEnvs) {
        if (numEnvs < 8) {
            throw new IllegalArgumentException("the contract check needs at least 8 environments, got " + numEnvs);
        }
        return new GeneratorContract(generator, numEnvs, yieldFloor, settings);
    }

    /**
     * Sets one knob for every check, as {@code --set name=value} would: for a generator whose
     * defaults are slow to run in a unit test (a lower resolution, fewer iterations). The yield
     * floor then holds at these settings, not at the defaults.
     *
     * @param knob  a knob name (the generator's or the pipeline's)
     * @param value its value, as text
     * @return a copy with that setting added (a later one for the same knob wins)
     * @throws dev.trackgen.api.config.InvalidConfigException if the knob is unknown or the value not
     *         allowed (a relation between knobs broken by the settings fails in {@link #check()})
     * @throws IllegalArgumentException for {@code num_envs} or {@code runtime}, which the checks choose
     */
    public GeneratorContract with(String knob, String value) {
        if (knob.equals("num_envs") || knob.equals("runtime")) {
            throw new IllegalArgumentException("the contract chooses " + knob + " itself (envs(n) sizes the yield check)");
        }
        // a bad name or value fails here, at the line that gives it; relations between knobs in check()
        TrackGenConfig.builder().generator(generator).set(knob, value);
        Map<String, String> next = new LinkedHashMap<>(settings);
        next.remove(knob);
        next.put(knob, value);
        return new GeneratorContract(generator, envs, yieldFloor, Collections.unmodifiableMap(next));
    }

    /**
     * Runs every check.
     *
     * @throws org.opentest4j.AssertionFailedError at the first broken rule
     */
    public void check() {
        String name = generator.name();
        assertTrue(name != null && !name.isBlank(), "the generator needs a name");
        Set<String> seen = new HashSet<>();
        for (Knob<?> k : generator.knobs()) {
            assertTrue(seen.add(k.name()), name + ": knob " + k.name() + " is declared twice");
        }
        TrackGenConfig small = config(6);
        closedFiniteAndFlagged(small);
        seedsAloneDecide(small);
        if (generator.capturable()) {
            replayEqualsEager(small);
        }
        allocatesNothing(config(4));
        yieldAtDefaults();
    }

    private TrackGenConfig config(int e) {
        // generator() declares its knobs (InvalidConfigException when one reuses a pipeline knob's name
        // differently), applies its sizing and runs its validate() rules, as the product does
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(generator).numEnvs(e).runtime("cpu");
        settings.forEach(b::set);
        return b.build();
    }

    private static int[] seeds(int e, int base) {
        int[] s = new int[e];
        for (int i = 0; i < e; i++) {
            s[i] = base + 7919 * i + 1;
        }
        return s;
    }

    /** One eager call on {@code rt}: the centerlines, then the flags appended. */
    private Out run(CpuRuntime rt, TrackGenConfig c, int[] seedValues) {
        int e = seedValues.length;
        I32Array s = rt.allocI32(e);
        rt.upload(seedValues, s);
        Vec2Array out = rt.allocVec2(e * c.numPoints());
        I32Array valid = rt.allocI32(e);
        generator.generate(rt, s, c, out, valid, generator.allocateScratch(rt, c));
        float[] xy = new float[2 * out.length()];
        int[] flags = new int[e];
        rt.download(out, xy);
        rt.download(valid, flags);
        return new Out(xy, flags);
    }

    private record Out(float[] xy, int[] flags) {
    }

    private void closedFiniteAndFlagged(TrackGenConfig c) {
        String name = generator.name();
        int n = c.numPoints();
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            Out o = run(rt, c, seeds(c.numEnvs(), 0));
            for (int e = 0; e < c.numEnvs(); e++) {
                assertEquals(1, o.flags()[e], name + ": generate() must write flag 1 for env " + e
                        + " (a flag of 0 makes the track invalid whatever its shape)");
                double longest = 0;
                for (int i = 0; i < n; i++) {
                    float x = o.xy()[2 * (e * n + i)];
                    float y = o.xy()[2 * (e * n + i) + 1];
                    if (!Float.isFinite(x) || !Float.isFinite(y)) {
                        fail(name + ": env " + e + " point " + i + " is not finite (" + x + ", " + y + ")");
                    }
                    if (i > 0) {
                        longest = Math.max(longest, dist(o.xy(), e * n + i - 1, e * n + i));
                    }
                }
                double closing = dist(o.xy(), e * n + n - 1, e * n);
                assertTrue(longest > 0, name + ": env " + e + " has all its points at one place");
                assertTrue(closing > 0, name + ": env " + e + " repeats its first point at the end; write "
                        + n + " distinct points of a closed loop");
                assertTrue(closing <= 2 * longest + 1e-6, name + ": env " + e + " is not closed: the gap from its last"
                        + " point back to its first is " + (float) closing + ", its longest edge " + (float) longest);
            }
        }
    }

    private static double dist(float[] xy, int a, int b) {
        return Math.hypot(xy[2 * a] - xy[2 * b], xy[2 * a + 1] - xy[2 * b + 1]);
    }

    private void seedsAloneDecide(TrackGenConfig c) {
        String name = generator.name();
        int e = c.numEnvs();
        int n2 = 2 * c.numPoints();
        try (CpuRuntime one = new CpuRuntime(1, false); CpuRuntime three = new CpuRuntime(3, false)) {
            int[] base = seeds(e, 0);
            Out a = run(one, c, base);
            assertArrayEquals(a.xy(), run(one, c, base).xy(), name + ": two calls with the same seeds differ");
            assertArrayEquals(a.xy(), run(three, c, base).xy(), name + ": 1 and 3 threads give different loops");
            int[] changed = base.clone();
            changed[2] += 1000;
            Out b = run(three, c, changed);
            for (int env = 0; env < e; env++) {
                boolean same = Arrays.equals(Arrays.copyOfRange(a.xy(), env * n2, env * n2 + n2),
                        Arrays.copyOfRange(b.xy(), env * n2, env * n2 + n2));
                if (env == 2) {
                    assertFalse(same, name + ": env 2's loop does not change with its seed");
                } else {
                    assertTrue(same, name + ": env " + env + "'s loop changed when only env 2's seed did");
                }
            }
            Out alone = run(one, c.toBuilder().numEnvs(1).build(), new int[] {base[4]});
            assertArrayEquals(Arrays.copyOfRange(a.xy(), 4 * n2, 5 * n2), alone.xy(),
                    name + ": an env's loop depends on the batch around it");
        }
    }

    private void replayEqualsEager(TrackGenConfig c) {
        int e = c.numEnvs();
        try (CpuRuntime rt = new CpuRuntime(2, true)) {
            I32Array s = rt.allocI32(e);
            Vec2Array out = rt.allocVec2(e * c.numPoints());
            I32Array valid = rt.allocI32(e);
            GeneratorScratch scratch = generator.allocateScratch(rt, c);
            rt.upload(seeds(e, 0), s);
            generator.generate(rt, s, c, out, valid, scratch);
            CapturedGraph graph = rt.capture(() -> generator.generate(rt, s, c, out, valid, scratch));
            rt.upload(seeds(e, 40), s);
            graph.replay();
            float[] replayed = new float[2 * out.length()];
            rt.download(out, replayed);
            graph.close();
            try (CpuRuntime eager = new CpuRuntime(2, false)) {
                assertArrayEquals(run(eager, c, seeds(e, 40)).xy(), replayed, generator.name()
                        + ": a captured call replayed with new seeds differs from an eager call (capturable() is true)");
            }
        }
    }

    private void allocatesNothing(TrackGenConfig c) {
        int e = c.numEnvs();
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            I32Array s = rt.allocI32(e);
            rt.upload(seeds(e, 3), s);
            Vec2Array out = rt.allocVec2(e * c.numPoints());
            I32Array valid = rt.allocI32(e);
            GeneratorScratch scratch = generator.allocateScratch(rt, c);
            long perCall = AllocationProbe.perCall(3, 3, 3, () -> generator.generate(rt, s, c, out, valid, scratch));
            assertTrue(perCall < 32, generator.name() + " allocates " + perCall + " bytes per generate() call;"
                    + " allocate everything in allocateScratch");
        }
    }

    private void yieldAtDefaults() {
        TrackGenConfig c = config(envs);
        try (CpuRuntime rt = new CpuRuntime(2, false);
             TrackGenerator g = TrackGenerator.builder(c).generator(generator).rng(PerEnvSeededRng.fromScalar(envs, 0))
                     .runtime(rt).build()) {
            TrackSnapshot s = g.generate().snapshot();
            assertTrue(s.validCount() >= yieldFloor * envs, generator.name() + ": " + s.validCount() + " of " + envs
                    + " tracks valid at the defaults" + (settings.isEmpty() ? "" : " with " + settings)
                    + ", below the floor " + yieldFloor
                    + " (docs/plugins.md, 'Scale and orientation the pipeline expects')");
        }
    }
}
