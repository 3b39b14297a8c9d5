package dev.trackgen.gates;

import dev.trackgen.api.config.InvalidConfigException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gate-knob catalogue says what {@link GateConfig.Builder} does: names, defaults, ranges, choices. */
class GateKnobsTest {
    private static final Pattern RANGE = Pattern.compile("([\\[(])(-?[0-9.]+|-inf), (-?[0-9.]+|\\+inf)([])])");

    @Test
    void listsEveryKnobWithItsDefaultInConfigOrder() {
        List<String> names = new ArrayList<>();
        GateKnobs.all().forEach(k -> names.add(k.name()));
        assertEquals(new ArrayList<>(GateConfig.defaults().asMap().keySet()), names);
        for (GateKnobs.GateKnob k : GateKnobs.all()) {
            assertEquals(String.valueOf(GateConfig.defaults().asMap().get(k.name())), k.defaultValue(), k.name());
            assertTrue(k.description().startsWith("Gates: "), k.description());
        }
    }

    @Test
    void numericRangesAreTheBuildersAndChoicesAreAccepted() {
        int ranges = 0;
        for (GateKnobs.GateKnob k : GateKnobs.all()) {
            if (k.type().equals("choice")) {
                for (String v : k.allowed().split(" \\| ")) {
                    // a range for the non-flat z_profile choices (an empty one is refused)
                    assertDoesNotThrow(() -> GateConfig.builder().zMax(1).set(k.name(), v).build(), k.name() + " = " + v);
                }
                assertThrows(InvalidConfigException.class, () -> GateConfig.builder().set(k.name(), "nonsense").build());
                continue;
            }
            Matcher m = RANGE.matcher(k.allowed());
            if (!m.matches()) {
                continue; // a range bounded by another knob (min_gates, z_min, z_max)
            }
            boolean integer = !k.type().equals("float");
            if (!m.group(2).equals("-inf")) {
                double lo = Double.parseDouble(m.group(2));
                String at = integer ? String.valueOf((long) lo) : String.valueOf(lo);
                String below = integer ? String.valueOf((long) lo - 1) : String.valueOf(lo - 1e-3);
                assertDoesNotThrow(() -> fresh(k).set(k.name(), at).build(), k.name() + " = " + at);
                assertThrows(InvalidConfigException.class, () -> fresh(k).set(k.name(), below).build(),
                        k.name() + " = " + below);
                ranges++;
            }
            if (!m.group(3).equals("+inf")) {
                double hi = Double.parseDouble(m.group(3));
                String at = String.valueOf((long) hi);
                String above = String.valueOf((long) hi + 1);
                assertDoesNotThrow(() -> fresh(k).set(k.name(), at).build(), k.name() + " = " + at);
                assertThrows(InvalidConfigException.class, () -> fresh(k).set(k.name(), above).build(),
                        k.name() + " = " + above);
                ranges++;
            }
        }
        assertTrue(ranges >= 14, "bounds checked: " + ranges);
    }

    /** A builder where only {@code k} limits the value (max_gates: min_gates lowered to 3). */
    private static GateConfig.Builder fresh(GateKnobs.GateKnob k) {
        GateConfig.Builder b = GateConfig.builder();
        return k.name().equals("max_gates") ? b.minGates(3) : b;
    }
}
