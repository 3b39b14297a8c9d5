package dev.trackgen.gates;

import dev.trackgen.api.config.InvalidConfigException;
import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Validation names the knob, the value and the range; text settings round-trip. */
class GateConfigTest {
    private static void refused(String knob, String value, Supplier<GateConfig> build) {
        InvalidConfigException e = assertThrows(InvalidConfigException.class, build::get);
        assertEquals(knob, e.knob());
        assertTrue(e.getMessage().contains(knob) && e.getMessage().contains(value), e.getMessage());
    }

    @Test
    void badValuesAreRefusedNamingTheKnob() {
        refused("max_gates", "2", () -> GateConfig.builder().maxGates(2).build());
        refused("min_gates", "14", () -> GateConfig.builder().minGates(14).build());
        refused("gate_radius", "-1.0", () -> GateConfig.builder().gateRadius(-1).build());
        refused("gate_width", "NaN", () -> GateConfig.builder().gateWidth(Float.NaN).build());
        refused("z_min", "2.0", () -> GateConfig.builder().zProfile(ZProfile.UNIFORM).zMin(2).zMax(1).build());
        refused("z_noise_harmonics", "0", () -> GateConfig.builder().zNoiseHarmonics(0).build());
        refused("z_max", "Infinity", () -> GateConfig.builder().set("z_max", "1e300").build());
        refused("z_base", "-2000000.0", () -> GateConfig.builder().zBase(-2e6f).build());
        refused("samples_per_gate", "0", () -> GateConfig.builder().samplesPerGate(0).build());
        refused("stack_clearance", "-0.5", () -> GateConfig.builder().stackClearance(-0.5f).build());
        refused("seed", "4294967296", () -> GateConfig.builder().seed(1L << 32).build());
        refused("gate_ordering", "zigzag", () -> GateConfig.builder().set("gate_ordering", "zigzag").build());
        refused("z_profile", "steps", () -> GateConfig.builder().set("z_profile", "steps").build());
        refused("gate_align", "roll", () -> GateConfig.builder().set("gate_align", "roll").build());
        refused("gate_solve_iters", "many", () -> GateConfig.builder().set("gate_solve_iters", "many").build());
        refused("gate_colour", "red", () -> GateConfig.builder().set("gate_colour", "red").build());
    }

    @Test
    void aNonFlatProfileWhoseRangeWouldFlattenItIsRefused() {
        refused("z_max", "z_min = z_max = 0.0", () -> GateConfig.builder().zProfile(ZProfile.NOISE).zBase(1)
                .zNoiseAmplitude(0.3f).build());
        refused("z_max", "z_base = 3.0 is outside", () -> GateConfig.builder().zProfile(ZProfile.RANDOM_WALK).zBase(3)
                .zMin(0.5f).zMax(1.5f).build());
        assertEquals(ZProfile.UNIFORM, GateConfig.builder().zProfile(ZProfile.UNIFORM).zBase(3).zMin(0.5f).zMax(1.5f)
                .build().zProfile(), "uniform does not read z_base");
    }

    @Test
    void unusedAltitudeBoundsAreNotCheckedOnAFlatProfile() {
        // as the track's elevation knobs: z_min / z_max are only read by a non-flat z_profile
        GateConfig flat = GateConfig.builder().zMin(3).zMax(1).build();
        assertEquals(ZProfile.FLAT, flat.zProfile());
        assertEquals(3.0f, flat.zMin());
        for (ZProfile p : ZProfile.values()) {
            if (p != ZProfile.FLAT) {
                refused("z_min", "3.0", () -> GateConfig.builder().zProfile(p).zMin(3).zMax(1).build());
            }
        }
    }

    @Test
    void textSettingsRoundTripThroughTheMap() {
        GateConfig c = GateConfig.builder().numEnvs(7).generator("polar").set("gate_ordering", "random_pairs")
                .set("z_profile", "noise").set("z_min", "-1").set("z_max", "1").set("z_noise_amplitude", "0.5").set("gate_align", "full_tangent")
                .set("max_gates", "20").build();
        assertEquals(7, c.numEnvs());
        assertEquals("polar", c.generator());
        assertEquals(GateOrdering.RANDOM_PAIRS, c.gateOrdering());
        assertEquals(ZProfile.NOISE, c.zProfile());
        assertEquals(GateAlign.FULL_TANGENT, c.gateAlign());
        GateConfig.Builder b = GateConfig.builder().numEnvs(7).generator("polar");
        c.asMap().forEach((k, v) -> b.set(k, String.valueOf(v)));
        assertEquals(c, b.build());
    }
}
