package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.Interval;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.generators.bezier.BezierGenerator;
import dev.trackgen.generators.checkpoint.CheckpointGenerator;
import dev.trackgen.generators.circuit.CircuitGenerator;
import dev.trackgen.generators.hull.HullGenerator;
import dev.trackgen.generators.polar.PolarGenerator;
import dev.trackgen.generators.repulsive.RepulsiveGenerator;
import dev.trackgen.generators.voronoi.VoronoiGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The built-in generators' knobs, sizing and cross-knob rules, reached the way a plugin's are:
 * through the generator SPI ({@code knobs()}, {@code sizing}, {@code validate}) bound with
 * {@code TrackGenConfig.builder().generator(generator)}.
 */
class BuiltinKnobsTest {
    /** The built-in generators in the order they are provided (module-info, META-INF/services). */
    private static final Map<String, CenterlineGenerator> GENERATORS = new LinkedHashMap<>();

    static {
        for (CenterlineGenerator g : List.of(new BezierGenerator(), new HullGenerator(), new PolarGenerator(),
                new VoronoiGenerator(), new CheckpointGenerator(), new CircuitGenerator(), new RepulsiveGenerator())) {
            GENERATORS.put(g.name(), g);
        }
    }

    /** Every built-in knob declared (as the command line does), generator {@code name} bound. */
    private static TrackGenConfig.Builder builder(String name) {
        return TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator(GENERATORS.get(name));
    }

    @Test
    void defaultsAreThoseOfTheReference() {
        TrackGenConfig c = builder("bezier").build();
        assertEquals(9, c.get(BezierKnobs.MIN_NUM_POINTS));
        assertEquals(13, c.get(BezierKnobs.MAX_NUM_POINTS));
        assertEquals(30, c.get(BezierKnobs.NUM_POINTS_PER_SEGMENT));
        assertEquals(0.05, c.get(BezierKnobs.MIN_POINT_DISTANCE));
        assertEquals(0.4, c.get(BezierKnobs.RAD));
        assertEquals(0.4, c.get(BezierKnobs.HANDLE_CLAMP_FRAC));
        assertEquals(List.of(64, 128, 256), c.get(RepulsiveKnobs.STAGES));
        assertEquals("void_ring", c.get(VoronoiKnobs.SITE_LAYOUT));
        assertEquals(256, c.numPoints());
        assertEquals(384, c.nMax());
    }

    @Test
    void theDocumentationOrderIsThePipelineThenEachGeneratorInTheOrderProvided() {
        Set<Knob<?>> expected = new LinkedHashSet<>(PipelineKnobs.all());
        for (CenterlineGenerator g : GENERATORS.values()) {
            expected.addAll(g.knobs());
        }
        assertEquals(new ArrayList<>(expected), BuiltinKnobs.all());
        assertEquals(102, BuiltinKnobs.all().size()); // with bridge_clearance and bridge_grade
        TrackGenConfig.Builder b = TrackGenConfig.builder();
        GENERATORS.values().forEach(g -> b.declare(g.knobs()));
        assertEquals(BuiltinKnobs.all(), b.build().knobs(), "declaring every generator's knobs in turn gives the same order");
    }

    @Test
    void builtinKnobNamesAreUniqueAndDescribed() {
        Set<String> names = new java.util.HashSet<>();
        for (Knob<?> k : BuiltinKnobs.all()) {
            assertTrue(names.add(k.name()), "duplicate knob " + k.name());
            assertTrue(!k.description().isBlank(), k.name());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "min_point_distance|0.7|min_point_distance = 0.7 is outside the allowed range [1.1E-5, 0.5]",
            "min_point_distance|1e-6|min_point_distance = 1.0E-6 is outside the allowed range [1.1E-5, 0.5]",
            "min_point_distance|7.6293e-6|min_point_distance = 7.6293E-6 is outside the allowed range [1.1E-5, 0.5]",
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
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> builder("bezier").set(knob, text));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertEquals(knob, e.knob());
    }

    @Test
    void crossKnobRelationsAreCheckedAtBuild() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> builder("bezier").set("min_num_points", "12").set("max_num_points", "10").build());
        assertEquals("max_num_points = 10 must be >= min_num_points = 12", e.getMessage());
        e = assertThrows(InvalidConfigException.class,
                () -> builder("repulsive").set("num_points", "200").build());
        assertTrue(e.getMessage().contains("must end at num_points = 200"), e.getMessage());
    }

    @Test
    void aGeneratorChecksOnlyItsOwnRules() {
        TrackGenConfig c = builder("bezier").set("voronoi_num_sites", "10").set("voronoi_control_points", "12").build();
        assertEquals(10, c.get(VoronoiKnobs.NUM_SITES), "voronoi's rule is voronoi's: bezier does not read those knobs");
        assertThrows(InvalidConfigException.class, () -> c.toBuilder().generator(GENERATORS.get("voronoi")).build());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "generator=voronoi;voronoi_num_sites=10;voronoi_control_points=12|voronoi_num_sites = 10 must be >= voronoi_control_points = 12",
            "generator=repulsive;repulsive_grow_mult_min=6;repulsive_grow_mult_max=5|repulsive_grow_mult_max = 5.0 must be >= repulsive_grow_mult_min = 6.0",
            "generator=repulsive;repulsive_obstacle_count_min=9;repulsive_obstacle_count_max=4|repulsive_obstacle_count_max = 4 must be >= repulsive_obstacle_count_min = 9",
            "generator=repulsive;repulsive_obstacle_radius_min_frac=0.1;repulsive_obstacle_radius_max_frac=0.05|repulsive_obstacle_radius_max_frac = 0.05 must be >= repulsive_obstacle_radius_min_frac = 0.1",
            "generator=repulsive;repulsive_stages=64,128|repulsive_stages = [64, 128] must end at num_points = 256 for generator 'repulsive'",
            "generator=repulsive;repulsive_ratchet_rate=1e-7|repulsive_ratchet_rate = 1.0E-7 with repulsive_grow_mult_max = 5.5 and repulsive_settle_iters = 40 needs 27276012 growth iterations per call, more than 1000000",
            "generator=hull;num_envs=4000000;max_num_points=60|generator 'hull' needs num_envs * 2 * max_num_points * num_points_per_segment = 14400000000 points per buffer",
            "generator=hull;min_num_points=12;max_num_points=10|max_num_points = 10 must be >= min_num_points = 12",
            "generator=bezier;num_envs=4000000;num_points_per_segment=300|generator 'bezier' needs num_envs * max_num_points * num_points_per_segment = 15600000000 points per buffer",
            "generator=polar;num_envs=4000000;num_points_per_segment=300|generator 'polar' needs num_envs * polar_num_knots * num_points_per_segment",
            "generator=voronoi;num_envs=4000000;voronoi_num_sites=2000|generator 'voronoi' needs num_envs * voronoi_num_sites = 8000000000 points",
            "generator=checkpoint;num_envs=4000000;checkpoint_best_of_k=64;N_max=64|generator 'checkpoint' needs num_envs * checkpoint_best_of_k * max(num_points, checkpoint_count)",
            "generator=circuit;N_max=1000|generator 'circuit' with circuit_length = 780.0 half-widths (spread 0.12) at spacing 0.06 needs N_max >= 1459, but N_max = 1000; raise N_max",
            "generator=circuit;circuit_length=20000;circuit_length_spread=0.5;spacing=0.02|generator 'circuit' with circuit_length = 20000.0 half-widths (spread 0.5) at spacing 0.02 needs N_max >= 150002, above the limit 65536; shorten",
            "generator=circuit;circuit_radius_min=10;circuit_radius_max=5|circuit_radius_max = 5.0 must be >= circuit_radius_min = 10.0",
    })
    void generatorKnobRelationsAreCheckedAtBuild(String settings, String message) {
        TrackGenConfig.Builder b = null;
        for (String kv : settings.split(";")) {
            String k = kv.substring(0, kv.indexOf('='));
            String v = kv.substring(kv.indexOf('=') + 1);
            if (k.equals("generator")) {
                b = builder(v);
            } else {
                b.set(k, v);
            }
        }
        InvalidConfigException e = assertThrows(InvalidConfigException.class, b::build);
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void theCircuitGeneratorGetsTheStrideAndResolutionItsLapsNeedUnlessTheyAreSet() {
        TrackGenConfig c = builder("circuit").build();
        // 780 half-widths (+12%) at 0.6 half-widths a point
        assertEquals(1459, c.nMax());
        assertEquals(CircuitKnobs.nMax(c), c.nMax());
        assertEquals(1792, c.numPoints());
        TrackGenConfig wide = c.toBuilder().set("spacing", "0.12").build();
        assertEquals(731, wide.nMax());
        assertEquals(2000, c.toBuilder().nMax(2000).build().nMax());
        TrackGenConfig back = c.toBuilder().generator(GENERATORS.get("bezier")).build();
        assertEquals(384, back.nMax());
        assertEquals(256, back.numPoints());
        assertEquals(1459, back.toBuilder().generator(GENERATORS.get("circuit")).build().nMax());
        assertEquals(512, c.toBuilder().set("num_points", "512").build().numPoints());
        assertEquals(384, c.toBuilder().generator("bezier").build().nMax(), "by name only: no circuit sizing");
    }

    @Test
    void everyGeneratorBuildsAtItsDefaultsWithItsOwnKnobsOnly() {
        for (CenterlineGenerator g : GENERATORS.values()) {
            TrackGenConfig c = TrackGenConfig.builder().generator(g).numEnvs(4096).build();
            assertEquals(g.name(), c.generator());
            assertEquals(PipelineKnobs.all().size() + g.knobs().size(), c.knobs().size(), g.name());
        }
    }

    @Test
    void settingAKnobOfOneBuiltinGeneratorDeclaresAllOfItsKnobsAtTheirDefaults() {
        List<List<Knob<?>>> all = List.of(BezierKnobs.all(), HullKnobs.all(), PolarKnobs.all(), VoronoiKnobs.all(),
                CheckpointKnobs.all(), CircuitKnobs.all(), RepulsiveKnobs.all());
        for (List<Knob<?>> knobs : all) {
            // every built-in generator has a knob of its own (in its group alone)
            Knob<?> own = knobs.stream().filter(k -> k.groupCount() == 1).findFirst().orElseThrow();
            TrackGenConfig c = setDefault(TrackGenConfig.builder(), own).build();
            for (Knob<?> k : knobs) {
                assertTrue(c.knobs().contains(k), own.name() + " declares " + k.name());
                assertEquals(k.defaultValue(), c.get(k), k.name());
            }
        }
        TrackGenConfig c = TrackGenConfig.builder().set(BezierKnobs.RAD, 0.3).set("edgy", "0.5").build();
        assertEquals(0.5, c.get(BezierKnobs.EDGY));
        // scale is shared by six generators: it declares itself alone, and the error says how to declare the rest
        assertTrue(BezierKnobs.SCALE.groupCount() > 1);
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> TrackGenConfig.builder().set(BezierKnobs.SCALE, 2.0).set("rad", "0.3"));
        assertTrue(e.getMessage().contains("declared scale alone") && e.getMessage().contains("generator(theGenerator)"),
                e.getMessage());
    }

    private static <T> TrackGenConfig.Builder setDefault(TrackGenConfig.Builder b, Knob<T> k) {
        return b.set(k, k.defaultValue());
    }

    @Test
    void jsonValuesAreCoercedAndChecked() {
        TrackGenConfig c = builder("bezier").setValue("repulsive_stages", List.of(32, 64, 256))
                .setValue("rad_range", List.of(0.2, 0.6)).build();
        assertEquals(List.of(32, 64, 256), c.get(RepulsiveKnobs.STAGES));
        assertEquals(new Interval(0.2, 0.6), c.get(BezierKnobs.RAD_RANGE));
        InvalidConfigException e = assertThrows(InvalidConfigException.class,
                () -> builder("bezier").set("rad_range", "0.6,0.2"));
        assertTrue(e.getMessage().startsWith("rad_range = '0.6,0.2' is not a valid interval"), e.getMessage());
    }
}
