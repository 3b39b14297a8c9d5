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
        assertEquals(Optional.of(Range.closed(0, 10)), BezierKnobs.RAD.range());
        assertTrue(BezierKnobs.RAD_RANGE.range().isPresent(), "an interval knob has the range of its bounds");
        assertEquals(Optional.empty(), PipelineKnobs.RELAX_ENABLE.range());
        assertEquals(Optional.empty(), PipelineKnobs.GENERATOR.range());
    }

    @Test
    void choiceKnobsExposeTheirWordsSorted() {
        Knob<String> k = Knob.ofChoice("layout", "ring", Set.of("ring", "grid", "blob"), "test");
        assertEquals(List.of("blob", "grid", "ring"), k.choices());
        assertEquals(List.of(), PipelineKnobs.HALF_WIDTH.choices());
    }
}
