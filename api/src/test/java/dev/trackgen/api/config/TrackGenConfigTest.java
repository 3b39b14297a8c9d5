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
        assertEquals("bezier", c.generator());
        assertEquals(1, c.numEnvs());
        assertEquals(0.1, c.halfWidth());
        assertEquals(0.06, c.spacing(), 1e-12);
        assertEquals(256, c.numPoints());
        assertEquals(384, c.nMax());
        assertEquals(9, c.get(BezierKnobs.MIN_NUM_POINTS));
        assertEquals(13, c.get(BezierKnobs.MAX_NUM_POINTS));
        assertEquals(30, c.get(BezierKnobs.NUM_POINTS_PER_SEGMENT));
        assertEquals(0.05, c.get(BezierKnobs.MIN_POINT_DISTANCE));
        assertEquals(0.4, c.get(BezierKnobs.RAD));
        assertEquals(0.4, c.get(BezierKnobs.HANDLE_CLAMP_FRAC));
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
        assertEquals(List.of(64, 128, 256), c.get(RepulsiveKnobs.STAGES));
        assertEquals("void_ring", c.get(VoronoiKnobs.SITE_LAYOUT));
        assertNull(c.get(RelaxKnobs.BAND));
    }

    @Test
    void theRemovedBorderCheckKnobSaysWhy() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set("validity_border_check", "true"));
        assertTrue(e.getMessage().contains("was removed") && e.getMessage().contains("always checks both borders"),
                e.getMessage());
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
            "min_point_distance|0.7|min_point_distance = 0.7 is outside the allowed range [1.1E-5, 0.5]",
            "min_point_distance|1e-6|min_point_distance = 1.0E-6 is outside the allowed range [1.1E-5, 0.5]",
            "min_point_distance|7.6293e-6|min_point_distance = 7.6293E-6 is outside the allowed range [1.1E-5, 0.5]",
            "num_envs|0|num_envs = 0 is outside the allowed range [1, 4194304]",
            "relax_accel|fast|relax_accel = 'fast' is not one of [chebyshev, none]",
            "relax_iters|ten|relax_iters = 'ten' is not a valid int",
            "relax_enable|maybe|relax_enable = 'maybe' is not a valid bool",
            "repulsive_stages|64,32|repulsive_stages = [64, 32] must be strictly increasing",
            "repulsive_stages|64,130|repulsive_stages = [64, 130] must hold multiples of 4",
            "voronoi_control_points|5|voronoi_control_points = 5 is outside the allowed range [6, 4096]",
            "checkpoint_best_of_k|0|checkpoint_best_of_k = 0 is outside the allowed range [1, 64]",
            "voronoi_site_layout|grid|voronoi_site_layout = 'grid' is not one of [clustered, mixed, ring, void_ring]",
            "voronoi_num_sites|5|voronoi_num_sites = 5 is outside the allowed range [6, 65536]",
            "voronoi_radial_variation|-0.1|voronoi_radial_variation = -0.1 is outside the allowed range [0, 10]",
            "voronoi_angular_jitter|-1|voronoi_angular_jitter = -1.0 is outside the allowed range [0, ",
            "hull_displacement|1.5|hull_displacement = 1.5 is outside the allowed range [0, 1]",
            "polar_num_knots|3|polar_num_knots = 3 is outside the allowed range [4, 1024]",
            "polar_radial_jitter|0.9|polar_radial_jitter = 0.9 is outside the allowed range [0, 0.85]",
            "polar_angular_jitter|0.5|polar_angular_jitter = 0.5 is outside the allowed range [0, 0.45]",
            "checkpoint_count|2|checkpoint_count = 2 is outside the allowed range [3, 1024]",
            "checkpoint_radius_min_frac|1|checkpoint_radius_min_frac = 1.0 is outside the allowed range [0, 1)",
            "checkpoint_angle_jitter|1|checkpoint_angle_jitter = 1.0 is outside the allowed range [0, 1)",
            "checkpoint_turn_rate|0|checkpoint_turn_rate = 0.0 is outside the allowed range (0, ",
            "checkpoint_steer_gain|0|checkpoint_steer_gain = 0.0 is outside the allowed range (0, 10]",
            "checkpoint_lookahead_frac|0|checkpoint_lookahead_frac = 0.0 is outside the allowed range (0, 1]",
            "checkpoint_clip_fallback|sometimes|checkpoint_clip_fallback = 'sometimes' is not a valid bool",
            "repulsive_stages|,|repulsive_stages = [] must not be empty",
            "repulsive_grow_mult_min|0.5|repulsive_grow_mult_min = 0.5 is outside the allowed range [1, 1000]",
            "repulsive_grow_mult_max|1|repulsive_grow_mult_max = 1.0 is outside the allowed range (1, 1000]",
            "repulsive_domain_frac|0|repulsive_domain_frac = 0.0 is outside the allowed range (0, +inf)",
            "repulsive_domain_init_ratio|1|repulsive_domain_init_ratio = 1.0 is outside the allowed range (1, 1000]",
            "repulsive_obstacle_count_min|0|repulsive_obstacle_count_min = 0 is outside the allowed range [1, 256]",
            "repulsive_obstacle_radius_min_frac|0|repulsive_obstacle_radius_min_frac = 0.0 is outside the allowed range (0, 1]",
            "repulsive_ratchet_rate|0|repulsive_ratchet_rate = 0.0 is outside the allowed range (0, 1]",
            "repulsive_alpha|0|repulsive_alpha = 0.0 is outside the allowed range (0, +inf)",
            "repulsive_beta|-1|repulsive_beta = -1.0 is outside the allowed range (0, +inf)",
            "repulsive_tau|0|repulsive_tau = 0.0 is outside the allowed range (0, +inf)",
            "repulsive_w_len|-1|repulsive_w_len = -1.0 is outside the allowed range [0, +inf)",
            "repulsive_settle_iters|0|repulsive_settle_iters = 0 is outside the allowed range [1, 100000]",
            "repulsive_resample_every|0|repulsive_resample_every = 0 is outside the allowed range [1, 100000]",
            "repulsive_stall_window|0|repulsive_stall_window = 0 is outside the allowed range [1, 100000]",
            "repulsive_stall_area_tol|-0.1|repulsive_stall_area_tol = -0.1 is outside the allowed range [0, +inf)",
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
    void aPluginKnobDeclaredAloneBySetMakesTheUnknownKnobErrorSayHowToDeclareAll() {
        Knob<Double> amount = Knob.ofDouble("wiggle_amplitude", 0.1, Range.closed(0.0, 1.0), "Amplitude.");
        Knob<Integer> periods = Knob.ofInt("wiggle_periods", 3, Range.closed(1, 9), "Periods.");
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set(amount, 0.2).set("wiggle_periods", "2"));
        assertEquals("unknown knob 'wiggle_periods' (`trackgen knobs` lists them all); set(Knob, value) declared the "
                + "plugin knob wiggle_amplitude alone: call declare(generator.knobs()) on the builder first to declare "
                + "all of a generator's knobs", e.getMessage());
        TrackGenConfig c = TrackGenConfig.builder().declare(List.of(amount, periods)).set(amount, 0.2)
                .set("wiggle_periods", "2").build();
        assertEquals(2, c.get(periods));
        e = assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().set("wiggle_periods", "2"));
        assertFalse(e.getMessage().contains("declared"), "no hint when nothing was declared alone: " + e.getMessage());
    }

    @Test
    void crossKnobRelationsAreCheckedAtBuild() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set("min_num_points", "12").set("max_num_points", "10").build());
        assertEquals("max_num_points = 10 must be >= min_num_points = 12", e.getMessage());
        e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().generator("repulsive").set("num_points", "200").build());
        assertTrue(e.getMessage().contains("must end at num_points = 200"), e.getMessage());
        e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().numEnvs(4_000_000).nMax(4096).build());
        assertTrue(e.getMessage().contains("2^31"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "voronoi_num_sites=10;voronoi_control_points=12|voronoi_num_sites = 10 must be >= voronoi_control_points = 12",
            "repulsive_grow_mult_min=6;repulsive_grow_mult_max=5|repulsive_grow_mult_max = 5.0 must be >= repulsive_grow_mult_min = 6.0",
            "repulsive_obstacle_count_min=9;repulsive_obstacle_count_max=4|repulsive_obstacle_count_max = 4 must be >= repulsive_obstacle_count_min = 9",
            "repulsive_obstacle_radius_min_frac=0.1;repulsive_obstacle_radius_max_frac=0.05|repulsive_obstacle_radius_max_frac = 0.05 must be >= repulsive_obstacle_radius_min_frac = 0.1",
            "generator=repulsive;repulsive_stages=64,128|repulsive_stages = [64, 128] must end at num_points = 256 for generator 'repulsive'",
            "generator=repulsive;repulsive_ratchet_rate=1e-7|repulsive_ratchet_rate = 1.0E-7 with repulsive_grow_mult_max = 5.5 and repulsive_settle_iters = 40 needs 27276012 growth iterations per call, more than 1000000",
            "generator=hull;num_envs=4000000;max_num_points=60|generator 'hull' needs num_envs * 2 * max_num_points * num_points_per_segment = 14400000000 points per buffer",
            "generator=bezier;num_envs=4000000;num_points_per_segment=300|generator 'bezier' needs num_envs * max_num_points * num_points_per_segment = 15600000000 points per buffer",
            "generator=polar;num_envs=4000000;num_points_per_segment=300|generator 'polar' needs num_envs * polar_num_knots * num_points_per_segment",
            "generator=voronoi;num_envs=4000000;voronoi_num_sites=2000|generator 'voronoi' needs num_envs * voronoi_num_sites = 8000000000 points",
            "generator=checkpoint;num_envs=4000000;checkpoint_best_of_k=64;N_max=64|generator 'checkpoint' needs num_envs * checkpoint_best_of_k * max(num_points, checkpoint_count)",
            "generator=circuit;N_max=1000|generator 'circuit' with circuit_length = 780.0 half-widths (spread 0.12) at spacing 0.06 needs N_max >= 1459, but N_max = 1000; raise N_max",
            "generator=circuit;circuit_length=20000;circuit_length_spread=0.5;spacing=0.02|generator 'circuit' with circuit_length = 20000.0 half-widths (spread 0.5) at spacing 0.02 needs N_max >= 150002, above the limit 65536; shorten",
            "circuit_radius_min=10;circuit_radius_max=5|circuit_radius_max = 5.0 must be >= circuit_radius_min = 10.0",
    })
    void generatorKnobRelationsAreCheckedAtBuild(String settings, String message) {
        TrackGenConfig.Builder b = TrackGenConfig.builder();
        for (String kv : settings.split(";")) {
            b.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        InvalidConfigException e = assertThrows(InvalidConfigException.class, b::build);
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void theCircuitGeneratorGetsTheStrideAndResolutionItsLapsNeedUnlessTheyAreSet() {
        TrackGenConfig c = TrackGenConfig.builder().generator("circuit").build();
        // 780 half-widths (+12%) at 0.6 half-widths a point
        assertEquals(1459, c.nMax());
        assertEquals(TrackGenConfig.circuitNMax(c), c.nMax());
        assertEquals(1792, c.numPoints());
        TrackGenConfig wide = c.toBuilder().set("spacing", "0.12").build();
        assertEquals(731, wide.nMax());
        assertEquals(2000, c.toBuilder().nMax(2000).build().nMax());
        TrackGenConfig back = c.toBuilder().generator("bezier").build();
        assertEquals(384, back.nMax());
        assertEquals(256, back.numPoints());
        assertEquals(1459, back.toBuilder().generator("circuit").build().nMax());
        assertEquals(512, c.toBuilder().set("num_points", "512").build().numPoints());
        assertEquals(384, TrackGenConfig.defaults().nMax());
    }

    @Test
    void everyGeneratorBuildsAtItsDefaults() {
        for (String g : List.of("bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive")) {
            assertEquals(g, TrackGenConfig.builder().generator(g).numEnvs(4096).build().generator());
        }
    }

    @Test
    void jsonValuesAreCoercedAndChecked() {
        TrackGenConfig c = TrackGenConfig.builder()
                .setValue("relax_iters", 80)
                .setValue("half_width", 0.2)
                .setValue("relax_enable", false)
                .setValue("repulsive_stages", List.of(32, 64, 256))
                .setValue("rad_range", List.of(0.2, 0.6))
                .setValue("relax_band", null)
                .build();
        assertEquals(80, c.get(RelaxKnobs.ITERS));
        assertEquals(3, TrackGenConfig.builder().set("relax_iters", "3.0").build().get(RelaxKnobs.ITERS));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().set("relax_iters", "3.5"));
        assertEquals(new Interval(0.2, 0.6), c.get(BezierKnobs.RAD_RANGE));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().setValue("relax_iters", 2.5));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().setValue("relax_enable", 1));
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder().setValue("half_width", null));
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set("rad_range", "0.6,0.2"));
        assertTrue(e.getMessage().startsWith("rad_range = '0.6,0.2' is not a valid interval"), e.getMessage());
    }

    @Test
    void asMapRoundTripsThroughSetValue() {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(7).set("rad_range", "0.1,0.5")
                .set("relax_band", "3").build();
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
    void builtinKnobNamesAreUniqueAndDefaultsValid() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Knob<?> k : BuiltinKnobs.all()) {
            assertTrue(names.add(k.name()), "duplicate knob " + k.name());
            assertTrue(!k.description().isBlank(), k.name());
        }
        assertTrue(names.size() > 60);
    }
}
