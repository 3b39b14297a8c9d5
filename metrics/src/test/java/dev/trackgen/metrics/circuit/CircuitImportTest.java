package dev.trackgen.metrics.circuit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.MetricsRow;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real circuits (TUM racetrack-database, LGPL-3.0, see src/test/resources/circuits/NOTICE.md)
 * through resample, relax and inflate: each comes out valid, its length changes by less than 1%,
 * and relaxation moves its centerline by less than 10% of the half-width on average.
 */
class CircuitImportTest {
    private static CpuRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    static Path circuits() {
        try {
            return Path.of(CircuitImportTest.class.getResource("/circuits/README.md").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Austin", "BrandsHatch", "Budapest", "IMS"})
    void aRealCircuitImportsValidAndBarelyMoves(String name) {
        Circuit c = CircuitReader.read(circuits().resolve(name + ".csv"));
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.defaults(), runtime);
        double hw = c.halfWidth();
        System.out.printf(Locale.ROOT, "%-12s points %4d  hw %.3f m  spacing %.3f m  N_max %d  count %d  valid %s  "
                        + "length %.1f -> %.1f m (%+.3f%%)  off-line mean %.4f max %.4f m  beads mean %.4f max %.4f m%n",
                name, c.size(), hw, r.spacing(), r.config().nMax(), r.count(), r.valid(), r.inputLength(), r.length(),
                100 * r.lengthChange(), r.meanOffset(), r.maxOffset(), r.meanBeadDisplacement(),
                r.maxBeadDisplacement());
        assertTrue(r.valid(), name + " is valid");
        assertTrue(Math.abs(r.lengthChange()) < 0.01, name + ": length change " + r.lengthChange());
        assertTrue(r.meanOffset() < 0.1 * hw, name + ": mean offset " + r.meanOffset() + " m, half-width " + hw);
        assertTrue(r.meanBeadDisplacement() < 0.1 * hw, name + ": mean bead displacement " + r.meanBeadDisplacement());
        // N_max sized from the circuit: the loop fits without truncation
        assertEquals(0.6 * hw, r.spacing(), 1e-12);
        assertTrue(r.count() < r.config().nMax(), "count " + r.count() + " < N_max " + r.config().nMax());
        assertEquals(Math.floor(r.inputLength() / r.spacing()) + 1, r.count(), 1.0);
        // the result is in the file's own coordinates
        TrackSnapshot s = r.snapshot();
        double[] centroid = c.centroid();
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < r.count(); i++) {
            sx += s.center()[2 * i];
            sy += s.center()[2 * i + 1];
        }
        assertEquals(centroid[0], sx / r.count(), 0.05 * hw);
        assertEquals(centroid[1], sy / r.count(), 0.05 * hw);
    }

    @Test
    void coordinatesFarFromTheOriginKeepTheirPrecision() {
        Circuit c = CircuitReader.read(circuits().resolve("BrandsHatch.csv"));
        double[] xy = c.xy();
        int[] lines = new int[c.size()];
        for (int i = 0; i < c.size(); i++) {
            xy[2 * i] += 500_000;       // UTM-like eastings and northings
            xy[2 * i + 1] += 5_000_000;
            lines[i] = c.line(i);
        }
        Circuit far = new Circuit("far.csv", xy, lines, c.halfWidth(), c.halfWidthRule());
        ImportResult near = CircuitImporter.importCircuit(c, TrackGenConfig.defaults(), runtime);
        ImportResult away = CircuitImporter.importCircuit(far, TrackGenConfig.defaults(), runtime);
        assertTrue(away.valid());
        assertEquals(near.meanOffset(), away.meanOffset(), 1e-3);
        assertEquals(near.length(), away.length(), 1e-2);
    }

    @Test
    void theSpacingKnobAndTheHalfWidthOverrideAreHonoured() {
        Circuit c = CircuitReader.read(circuits().resolve("IMS.csv")).withHalfWidth(6.0, "given");
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.builder().spacing(5.0).build(), runtime);
        assertEquals(6.0, r.halfWidth());
        assertEquals(5.0, r.spacing());
        assertEquals((int) Math.floor(c.perimeter() / 5.0) + 2, r.config().nMax());
        assertTrue(r.valid());
    }

    @Test
    void aPlainXyCircuitNeedsAHalfWidth() {
        Circuit c = CircuitReader.parse("xy.csv", List.of("0,0", "10,0", "10,10", "0,10"));
        CircuitException e = assertThrows(CircuitException.class,
                () -> CircuitImporter.importCircuit(c, TrackGenConfig.defaults(), runtime));
        assertTrue(e.getMessage().contains("xy.csv: no half-width"), e.getMessage());
        assertTrue(CircuitImporter.importCircuit(c.withHalfWidth(1.0, "given"), TrackGenConfig.defaults(), runtime)
                .valid());
    }

    @Test
    void aTooFineSpacingIsRefusedUpFront() {
        Circuit c = CircuitReader.read(circuits().resolve("IMS.csv"));
        CircuitException e = assertThrows(CircuitException.class,
                () -> CircuitImporter.importCircuit(c, TrackGenConfig.builder().spacing(0.01).build(), runtime));
        assertTrue(e.getMessage().contains("more than the limit 65536; use a larger spacing"), e.getMessage());
    }

    @Test
    void theReferenceRowMeasuresEveryCircuitInTheFolder() {
        List<Circuit> all = ReferenceCircuits.readFolder(circuits());
        assertEquals(List.of("Austin.csv", "BrandsHatch.csv", "Budapest.csv", "IMS.csv"),
                all.stream().map(Circuit::name).toList());
        MetricsRow r = ReferenceCircuits.measure(all, TrackGenConfig.defaults(), runtime);
        System.out.println(r);
        assertEquals("reference", r.name());
        assertEquals(4, r.tracks());
        assertEquals(1.0, r.yield());
        assertEquals(0.0, r.selfIntersectionRate());
        // scaled to half_width 0.1: a real circuit is about 800 half-widths long, 80 units
        assertTrue(r.meanLength() > 50 && r.meanLength() < 120, "mean length " + r.meanLength());
        assertTrue(r.shapeVarietyPass());
        assertTrue(Double.isNaN(r.msPerCall()));
        CircuitException e = assertThrows(CircuitException.class,
                () -> ReferenceCircuits.readFolder(circuits().resolve("Austin.csv")));
        assertTrue(e.getMessage().endsWith("not a folder"));
    }
}
