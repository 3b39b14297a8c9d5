package dev.trackgen.metrics.audit;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The randomized property of the validity gate in the fast suite: whole configurations drawn
 * across every knob's range, for every built-in generator, and no track flagged valid that the
 * independent audit finds broken. {@code trackgen check --tracks 1000000} runs the same search
 * at scale.
 */
class RandomizedValidityTest {

    @Test
    void noValidButBrokenTrackInAFewThousand() {
        TrackGenLauncher gens = TrackGenLauncher.discover();
        try (ComputeRuntime rt = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults())) {
            ValiditySearch.Report r = new ValiditySearch(gens, rt).run(new ValiditySearch.Settings(3000, 7,
                    List.of("bezier", "hull", "polar", "voronoi", "checkpoint", "repulsive", "circuit"), 256), p -> { });
            assertEquals(0, r.layoutBroken(), () -> "layout broken: " + r.examples());
            assertEquals(0, r.validBroken(), () -> "valid but broken: " + r.brokenBy() + " " + r.examples());
            assertTrue(r.tracks() >= 3000);
            // not vacuous: the draws must produce many valid tracks and many rejections
            assertTrue(r.valid() > r.tracks() / 10, () -> "only " + r.valid() + " valid of " + r.tracks());
            assertTrue(r.tracks() - r.valid() > r.tracks() / 20, () -> "only " + (r.tracks() - r.valid())
                    + " rejected of " + r.tracks());
        }
    }
}
