package dev.trackgen.api.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrackGenConfigTest {

    @Test
    void defaultsAreThoseOfTheReference() {
        TrackGenConfig c = TrackGenConfig.defaults();
        assertEquals("auto", c.generator(), "api names no generator");
        assertEquals(1, c.numEnvs());
        assertEquals(0.1, c.halfWidth());
        assertEquals(0.06, c.spacing(), 1e-12);
        assertEquals(256, c.numPoints());
        assertEquals(384, c.nMax());
        assertEquals(50, c.get(RelaxKnobs.ITERS));
        assertEquals("chebyshev", c.get(RelaxKnobs.ACCEL));
        assertEquals(0.98, c.get(RelaxKnobs.CHEBY_RHO));
        assertEquals(0.9, c.get(RelaxKnobs.CHEBY_GAMMA));
        assertEquals(8, c.get(RelaxKnobs.CHEBY_START));
        assertEquals(5, c.get(RelaxKnobs.SMOOTH_PASSES));
        assertEquals(10, c.get(RelaxKnobs.SMOOTH_SPACING_ITERS));
        assertEquals(20, c.get(RelaxKnobs.SEP_EVERY));
        assertEquals(16, c.get(RelaxKnobs.SEP_CACHE_SLOTS));
        assertEquals(0.5, c.get(RelaxKnobs.SEP_CACHE_SKIN));
        assertEquals(1.5, c.get(RelaxKnobs.BEND_RELAX));
        assertEquals(0.15, c.get(RelaxKnobs.MARGIN));
        assertEquals(0.02, c.get(PipelineKnobs.RELAX_TOL));
        assertEquals(0.1, c.get(PipelineKnobs.TURNING_TOL));
        assertEquals(1e-3, c.get(PipelineKnobs.W_FLOOR));
        assertNull(c.get(RelaxKnobs.BAND));
    }

    @Test
    void theRemovedBorderCheckKnobSaysWhy() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set("validity_border_check", "true"));
        assertTrue(e.getMessage().contains("was removed") && e.getMessage().contains("always checks both borders"),
                e.getMessage());
    }

    /** The validity gate refuses every point whose half-width is not above w_floor: such a config is refused. */
    @Test
    void aHalfWidthNotAboveTheWidthFloorIsRefused() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().halfWidth(5e-4).build());
        assertEquals("half_width = 5.0E-4 is not above w_floor = 0.001, the validity gate's width floor: every track "
                + "would be invalid; raise half_width or lower w_floor", e.getMessage());
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().halfWidth(1e-3).build());
        assertEquals(2e-3, TrackGenConfig.builder().halfWidth(2e-3).build().halfWidth());
        assertEquals(1e-30, TrackGenConfig.builder().halfWidth(1e-30).set(PipelineKnobs.W_FLOOR, 0.0).build()
                .halfWidth());
    }

    @Test
    void aNonFlatProfileWhoseRangeWouldFlattenItIsRefused() {
        InvalidConfigException empty = assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder()
                .set("z_profile", "noise").set("z_base", "1").set("z_noise_amplitude", "0.3").build());
        assertEquals("z_max", empty.knob());
        assertTrue(empty.getMessage().startsWith("z_min = z_max = 0.0: a non-flat z_profile (noise)"), empty.getMessage());
        InvalidConfigException outside = assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder()
                .set("z_profile", "random_walk").set("z_base", "1").set("z_max", "0.3").build());
        assertTrue(outside.getMessage().startsWith("z_base = 1.0 is outside [z_min, z_max] = [0.0, 0.3]"),
                outside.getMessage());
        // uniform does not read z_base; a base on a bound is inside; flat reads neither bound
        TrackGenConfig.builder().set("z_profile", "uniform").set("z_base", "5").set("z_max", "0.3").build();
        TrackGenConfig.builder().set("z_profile", "random_walk").set("z_max", "0.3").build();
        TrackGenConfig.builder().set("z_base", "5").build();
    }

    @Test
    void spacingFollowsHalfWidthUntilSet() {
        assertEquals(0.3, TrackGenConfig.builder().halfWidth(0.5).build().spacing(), 1e-12);
        assertEquals(0.2, TrackGenConfig.builder().halfWidth(0.5).spacing(0.2).build().spacing(), 1e-12);
        assertEquals(0.3, TrackGenConfig.builder().halfWidth(0.5).set("spacing", "auto").build().spacing(), 1e-12);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "half_width|-1|half_width = -1.0 is outside the allowed range (0, +inf)",
            "half_width|NaN|half_width = NaN is not a finite number",
            "half_width|Infinity|half_width = Infinity is not a finite number",
            "half_width|nan|half_width = NaN is not a finite number",
            "half_width|-inf|half_width = -Infinity is not a finite number",
            "half_width|0.1f|half_width = '0.1f' is not a valid float",
            "half_width|0x1p-3|half_width = '0x1p-3' is not a valid float",
            "num_envs|0|num_envs = 0 is outside the allowed range [1, 4194304]",
            "relax_accel|fast|relax_accel = 'fast' is not one of [chebyshev, none]",
            "relax_iters|ten|relax_iters = 'ten' is not a valid int",
            "relax_enable|maybe|relax_enable = 'maybe' is not a valid bool",
    })
    void badValuesNameKnobValueAndRange(String knob, String text, String message) {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set(knob, text));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertEquals(knob, e.knob());
    }

    @Test
    void unknownKnobSuggestsTheClosestName() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set("half_widht", "0.2"));
        assertTrue(e.getMessage().contains("unknown knob 'half_widht'"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'half_width'"), e.getMessage());
    }

    @Test
    void settingOneKnobOfAGroupDeclaresTheWholeGroupAtItsDefaults() {
        Knob<Double> amount = Knob.ofDouble("wiggle_amplitude", 0.1, Range.closed(0.0, 1.0), "Amplitude.");
        Knob<Integer> periods = Knob.ofInt("wiggle_periods", 3, Range.closed(1, 9), "Periods.");
        Knob<Boolean> mirror = Knob.ofBoolean("wiggle_mirror", false, "Mirror.");
        List<Knob<?>> group = Knob.group(amount, periods, mirror);
        assertEquals(List.of(amount, periods, mirror), group);
        assertEquals(group, Knob.group(amount, periods, mirror), "listing the same group again");
        assertEquals(1, amount.groupCount(), "no second group for the same list");

        TrackGenConfig c = TrackGenConfig.builder().set(amount, 0.2).set("wiggle_periods", "2").build();
        assertEquals(0.2, c.get(amount));
        assertEquals(2, c.get(periods));
        assertEquals(false, c.get(mirror), "a sibling never set is declared at its default");
        assertEquals(List.of("wiggle_amplitude", "wiggle_periods", "wiggle_mirror"),
                c.knobs().subList(c.knobs().size() - 3, c.knobs().size()).stream().map(Knob::name).toList());
        // a sibling declared (and set) before keeps its value
        c = TrackGenConfig.builder().declare(List.of(periods)).set("wiggle_periods", "7").set(amount, 0.3).build();
        assertEquals(7, c.get(periods));
        assertEquals(0.3, c.get(amount));
        assertThrows(IllegalArgumentException.class, () -> Knob.group(amount, amount));
    }

    @Test
    void aKnobInNoGroupOrInSeveralDeclaresItselfAloneAndTheErrorSaysHowToDeclareAll() {
        Knob<Double> amount = Knob.ofDouble("wobble_amplitude", 0.1, Range.closed(0.0, 1.0), "Amplitude.");
        Knob<Integer> periods = Knob.ofInt("wobble_periods", 3, Range.closed(1, 9), "Periods.");
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set(amount, 0.2).set("wobble_periods", "2"));
        assertEquals("unknown knob 'wobble_periods' (`trackgen knobs` lists them all); set(Knob, value) declared "
                + "wobble_amplitude alone (a knob in no Knob.group, or shared by several generators): to declare all "
                + "of a generator's knobs, call generator(theGenerator) or declare(theGenerator.knobs()) on the builder"
                + " first, or list a plugin's knobs with Knob.group in the class that declares them", e.getMessage());
        TrackGenConfig c = TrackGenConfig.builder().declare(List.of(amount, periods)).set(amount, 0.2)
                .set("wobble_periods", "2").build();
        assertEquals(2, c.get(periods));

        Knob<Double> shared = Knob.ofDouble("wobble_scale", 1.0, Range.greaterThan(0), "Shared scale.");
        Knob<Integer> a = Knob.ofInt("wobble_a", 1, Range.closed(0, 9), "A.");
        Knob<Integer> b = Knob.ofInt("wobble_b", 1, Range.closed(0, 9), "B.");
        Knob.group(a, shared);
        Knob.group(b, shared);
        assertEquals(2, shared.groupCount());
        assertTrue(shared.siblings().isEmpty(), "a shared knob has no one group");
        e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set(shared, 2.0).set("wobble_a", "2"));
        assertTrue(e.getMessage().contains("declared wobble_scale alone"), e.getMessage());
        assertEquals(2.0, TrackGenConfig.builder().set(a, 3).set("wobble_scale", "2").build().get(shared),
                "a knob of one group declares its shared siblings too");

        e = assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().set("wobble_periods", "2"));
        assertFalse(e.getMessage().contains("declared"), "no hint when nothing was declared alone: " + e.getMessage());
    }

    @Test
    void crossKnobRelationsAreCheckedAtBuild() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().numEnvs(4_000_000).nMax(4096).build());
        assertTrue(e.getMessage().contains("2^31"), e.getMessage());
    }

    @Test
    void jsonValuesAreCoercedAndChecked() {
        TrackGenConfig c = TrackGenConfig.builder()
                .setValue("relax_iters", 80)
                .setValue("half_width", 0.2)
                .setValue("relax_enable", false)
                .setValue("relax_band", null)
                .build();
        assertEquals(80, c.get(RelaxKnobs.ITERS));
        assertEquals(3, TrackGenConfig.builder().set("relax_iters", "3.0").build().get(RelaxKnobs.ITERS));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().set("relax_iters", "3.5"));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().setValue("relax_iters", 2.5));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().setValue("relax_enable", 1));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().setValue("half_width", null));
        Knob<Interval> range = Knob.ofInterval("wiggle_range", Range.closed(0, 10), "A range.");
        TrackGenConfig r = TrackGenConfig.builder().declare(List.of(range)).setValue("wiggle_range", List.of(0.2, 0.6))
                .build();
        assertEquals(new Interval(0.2, 0.6), r.get(range));
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().declare(List.of(range)).set("wiggle_range", "0.6,0.2"));
        assertTrue(e.getMessage().startsWith("wiggle_range = '0.6,0.2' is not a valid interval"), e.getMessage());
    }

    @Test
    void asMapRoundTripsThroughSetValue() {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(7).set("relax_band", "3").build();
        TrackGenConfig.Builder b = TrackGenConfig.builder();
        for (Map.Entry<String, Object> en : c.asMap().entrySet()) {
            b.setValue(en.getKey(), en.getValue());
        }
        TrackGenConfig back = b.build();
        assertEquals(c.asMap(), back.asMap());
        assertEquals(0.06, (Double) c.asMap().get("spacing"), 1e-12);
    }

    @Test
    void pluginKnobsAreDeclaredValidatedAndMayNotShadowBuiltins() {
        Knob<Double> noise = Knob.ofDouble("ellipse_noise", 0.1, Range.closed(0, 1), "radial noise");
        TrackGenConfig c = TrackGenConfig.builder().declare(List.of(noise)).set("ellipse_noise", "0.3").build();
        assertEquals(0.3, c.get(noise));
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().declare(List.of(noise)).set("ellipse_noise", "2"));
        assertEquals("ellipse_noise = 2.0 is outside the allowed range [0, 1]", e.getMessage());
        Knob<Integer> clash = Knob.ofInt("half_width", 3, Range.atLeast(0), "clash");
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().declare(List.of(clash)));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.defaults().get(noise));
    }

    @Test
    void pipelineKnobNamesAreUniqueAndDescribed() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Knob<?> k : PipelineKnobs.all()) {
            assertTrue(names.add(k.name()), "duplicate knob " + k.name());
            assertTrue(!k.description().isBlank(), k.name());
        }
        assertEquals(31 + 15, names.size()); // 26 before the five width knobs (WidthKnobs), then 15 of elevation (2 of bridges)
        assertEquals(PipelineKnobs.all(), TrackGenConfig.defaults().knobs(), "a new configuration knows the pipeline only");
    }

    /** A generator's rules as a plugin writes them: a knob, a sizing from it, a cross-knob check. */
    private static final class Wiggle implements TrackGenConfig.GeneratorRules {
        static final Knob<Integer> LOBES = Knob.ofInt("wiggle_lobes", 4, Range.closed(1, 1000), "Lobes.");
        static final Knob<Integer> MIN_LOBES = Knob.ofInt("wiggle_min_lobes", 2, Range.closed(1, 1000), "Fewest lobes.");

        @Override
        public String name() {
            return "wiggle";
        }

        @Override
        public List<Knob<?>> knobs() {
            return List.of(LOBES, MIN_LOBES);
        }

        @Override
        public TrackGenConfig.Sizing sizing(TrackGenConfig draft) {
            return new TrackGenConfig.Sizing(64 * draft.get(LOBES), 100 * draft.get(LOBES));
        }

        @Override
        public List<String> validate(TrackGenConfig config) {
            String p = TrackGenConfig.GeneratorRules.atLeast(config, LOBES, MIN_LOBES);
            return p == null ? List.of() : List.of(p);
        }
    }

    @Test
    void aBoundGeneratorDeclaresItsKnobsSizesUnsetBuffersAndChecksItsRules() {
        TrackGenConfig c = TrackGenConfig.builder().generator(new Wiggle()).set("wiggle_lobes", "5").build();
        assertEquals("wiggle", c.generator());
        assertEquals(320, c.numPoints());
        assertEquals(500, c.nMax());
        assertEquals(256, c.toBuilder().set("num_points", "256").build().numPoints(), "an explicit value wins");
        assertEquals(700, c.toBuilder().set("wiggle_lobes", "7").build().nMax(), "toBuilder keeps the binding");
        TrackGenConfig other = c.toBuilder().generator("bezier").build();
        assertEquals(384, other.nMax(), "naming another generator drops the binding");
        assertTrue(other.rules().isEmpty());
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().generator(new Wiggle()).set("wiggle_min_lobes", "9").build());
        assertEquals("wiggle_lobes = 4 must be >= wiggle_min_lobes = 9", e.getMessage());
        assertEquals(4, TrackGenConfig.builder().declare(new Wiggle().knobs()).generator("wiggle")
                .set("wiggle_min_lobes", "9").build().get(Wiggle.LOBES), "by name only, no rules run");
    }

    @Test
    void theBufferLimitNamesTheLargestBatchThatFits() {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(1000).generator("bezier").build();
        assertNull(TrackGenConfig.GeneratorRules.bufferProblem(c, "x", 1000L * 1000));
        assertEquals("generator 'bezier' needs num_envs * 3e6 = 3000000000 points per buffer, beyond the limit of "
                + "1073741791 (2^31 floats); with these knobs num_envs can be at most 357",
                TrackGenConfig.GeneratorRules.bufferProblem(c, "num_envs * 3e6", 3_000_000_000L));
    }
}
