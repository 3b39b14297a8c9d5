package dev.trackgen.api.config;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a knob tells a user interface about its allowed values: numeric range and choice words. */
class KnobRangeTest {

    @Test
    void numericKnobsExposeTheirRangeAndOthersNone() {
        assertEquals(Optional.of(Range.greaterThan(0)), PipelineKnobs.HALF_WIDTH.range());
        assertEquals(Optional.of(Range.closed(1, 1 << 22)), PipelineKnobs.NUM_ENVS.range());
        assertEquals(Optional.of(Range.closed(0, 100_000)), RelaxKnobs.ITERS.range());
        assertTrue(Knob.ofInterval("r", Range.closed(0, 10), "r").range().isPresent(),
                "an interval knob has the range of its bounds");
        assertEquals(Optional.empty(), PipelineKnobs.RELAX_ENABLE.range());
        assertEquals(Optional.empty(), PipelineKnobs.GENERATOR.range());
    }

    @Test
    void aSearchBoundNarrowsRandomDrawsOnlyAndKeepsTheKnob() {
        assertEquals(300, RelaxKnobs.ITERS.searchCap());
        assertEquals(Double.NEGATIVE_INFINITY, RelaxKnobs.ITERS.searchFloor());
        assertEquals(Double.POSITIVE_INFINITY, PipelineKnobs.HALF_WIDTH.searchCap());
        Knob<Integer> k = Knob.ofInt("k", 5, Range.closed(1, 100), "k").searchedWithin(2, 10);
        assertEquals(2, k.searchFloor());
        assertEquals(10, k.searchCap());
        assertEquals(50, k.parse("50"), "the allowed range is unchanged");
        assertEquals(Knob.ofInt("k", 5, Range.closed(1, 100), "k"), k);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> k.searchedWithin(3, 2));
    }

    @Test
    void choiceKnobsExposeTheirWordsSorted() {
        Knob<String> k = Knob.ofChoice("layout", "ring", Set.of("ring", "grid", "blob"), "test");
        assertEquals(List.of("blob", "grid", "ring"), k.choices());
        assertEquals(List.of(), PipelineKnobs.HALF_WIDTH.choices());
    }
}
