package dev.trackgen.metrics.circuit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
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
        // N_max sized from the circuit: the loop fits without truncation. With the file's widths the
        // spacing is the equal chord of floor(length / (0.6 hw)) + 1 points, just under 0.6 hw
        assertTrue(c.hasWidths());
        assertTrue(r.spacing() <= 0.6 * hw && r.spacing() > 0.99 * 0.6 * hw, "spacing " + r.spacing());
        assertEquals(0.6 * hw, CircuitImporter.importCircuit(c.withHalfWidth(hw, "mean"),
                TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime).spacing(), 1e-12);
        assertTrue(r.count() < r.config().nMax(), "count " + r.count() + " < N_max " + r.config().nMax());
        assertEquals(Math.floor(r.inputLength() / r.spacing()) + 1, r.count(), 1.0);
        // the result is in a local frame about the file's centroid, which origin() gives back
        TrackSnapshot s = r.snapshot();
        double[] centroid = c.centroid();
        assertArrayEquals(centroid, r.origin());
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < r.count(); i++) {
            sx += s.center()[2 * i];
            sy += s.center()[2 * i + 1];
        }
        assertEquals(0, sx / r.count(), 0.05 * hw);
        assertEquals(0, sy / r.count(), 0.05 * hw);
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
        Circuit far = new Circuit("far.csv", xy, lines, c.halfWidth(), c.halfWidthRule(), c.leftWidths(),
                c.rightWidths());
        ImportResult near = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
        ImportResult away = CircuitImporter.importCircuit(far, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
        assertTrue(away.valid());
        assertEquals(near.meanOffset(), away.meanOffset(), 1e-3);
        assertEquals(near.length(), away.length(), 1e-2);
    }

    /** Largest |distance(border point, centerline point) - half-width| over the real points. */
    private static double borderError(ImportResult r) {
        TrackSnapshot s = r.snapshot();
        double worst = 0;
        for (int i = 0; i < r.count(); i++) {
            for (float[] border : new float[][] {s.outer(), s.inner()}) {
                double d = Math.hypot(border[2 * i] - s.center()[2 * i], border[2 * i + 1] - s.center()[2 * i + 1]);
                worst = Math.max(worst, Math.abs(d - r.halfWidth()));
            }
        }
        return worst;
    }

    /**
     * Random offsets up to 1e12 (UTM eastings and northings, and far beyond): the borders stay at
     * the half-width to float32 precision near the origin, and origin + local point gives back
     * the file's coordinates.
     */
    @Test
    void anyOffsetComesBackWithBordersAtTheHalfWidth() {
        Circuit c = CircuitReader.read(circuits().resolve("BrandsHatch.csv"));
        ImportResult home = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
        double homeError = borderError(home);
        java.util.Random rnd = new java.util.Random(3);
        for (int trial = 0; trial < 6; trial++) {
            double ox = (rnd.nextBoolean() ? 1 : -1) * Math.pow(10, 3 + 9 * rnd.nextDouble());
            double oy = trial == 0 ? 3_000_000 : (rnd.nextBoolean() ? 1 : -1) * Math.pow(10, 3 + 9 * rnd.nextDouble());
            ox = trial == 0 ? 600_000 : ox;
            double[] xy = c.xy();
            int[] lines = new int[c.size()];
            for (int i = 0; i < c.size(); i++) {
                xy[2 * i] += ox;
                xy[2 * i + 1] += oy;
                lines[i] = c.line(i);
            }
            Circuit far = new Circuit("far.csv", xy, lines, c.halfWidth(), c.halfWidthRule());
            ImportResult r = CircuitImporter.importCircuit(far, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
            String what = "offset (" + ox + ", " + oy + ")";
            assertTrue(r.valid(), what);
            assertEquals(home.count(), r.count(), 2, what);
            assertTrue(borderError(r) < Math.max(2 * homeError, 1e-4 * c.halfWidth()),
                    what + ": border error " + borderError(r) + " vs " + homeError + " at the origin");
            double[] o = r.origin();
            double[] home0 = home.origin();
            // origin + local is the file's frame: the same point as at home, shifted by the offset
            assertEquals(home0[0] + ox, o[0], Math.ulp(Math.abs(ox)) * 64 + 1e-6, what);
            assertEquals(home0[1] + oy, o[1], Math.ulp(Math.abs(oy)) * 64 + 1e-6, what);
        }
    }

    @Test
    void aSmallSquareFarAwayStaysASquare() {
        // 40 m square with 1 m steps at 1e12: used to collapse to one float32 point and report valid.
        int m = 40;
        double[] xy = new double[2 * 4 * m];
        int[] lines = new int[4 * m];
        for (int k = 0; k < 4 * m; k++) {
            int side = k / m;
            double t = k % m;
            double x = side == 0 ? t : side == 1 ? m : side == 2 ? m - t : 0;
            double y = side == 0 ? 0 : side == 1 ? t : side == 2 ? m : m - t;
            xy[2 * k] = 1e12 + x;
            xy[2 * k + 1] = 1e12 + y;
            lines[k] = k + 2;
        }
        Circuit sq = new Circuit("square.csv", xy, lines, 2.0, "given");
        ImportResult r = CircuitImporter.importCircuit(sq, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
        assertEquals(1e12 + 20, r.origin()[0], 1e-3);
        assertTrue(r.count() > 40, "count " + r.count());
        float[] center = r.snapshot().center();
        double minx = Double.POSITIVE_INFINITY;
        double maxx = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < r.count(); i++) {
            minx = Math.min(minx, center[2 * i]);
            maxx = Math.max(maxx, center[2 * i]);
        }
        assertTrue(maxx - minx > 30, "the square keeps its size: " + (maxx - minx));
        assertTrue(borderError(r) < 1e-4, "border error " + borderError(r));
    }

    @Test
    void anExtentFloat32CannotHoldIsRefused() {
        // a 2e6 m wide loop with a 1 mm half-width: float32 resolves 0.125 m at 1e6 m
        double[] xy = new double[2 * 64];
        int[] lines = new int[64];
        for (int k = 0; k < 64; k++) {
            double a = 2 * Math.PI * k / 64;
            xy[2 * k] = 1e6 * Math.cos(a);
            xy[2 * k + 1] = 1e6 * Math.sin(a);
            lines[k] = k + 1;
        }
        Circuit wide = new Circuit("wide.csv", xy, lines, 1e-3, "given");
        CircuitException e = assertThrows(CircuitException.class, () -> wide.validate(2e5));
        assertTrue(e.getMessage().startsWith("wide.csv: the centerline extends 1000000 from its centre, where float32 "
                + "resolves only 0.0625, coarser than 0.001 x min(half-width, spacing) = 0.000001"), e.getMessage());
    }

    @Test
    void theSpacingKnobAndTheHalfWidthOverrideAreHonoured() {
        Circuit c = CircuitReader.read(circuits().resolve("IMS.csv")).withHalfWidth(6.0, "given");
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).spacing(5.0).build(), runtime);
        assertEquals(6.0, r.halfWidth());
        assertEquals(5.0, r.spacing());
        assertEquals((int) Math.floor(c.perimeter() / 5.0) + 2, r.config().nMax());
        assertTrue(r.valid());
    }

    /** An invalid import says which criterion it misses (ValidityDiagnosis.of, as the explore page does). */
    @Test
    void anInvalidImportNamesTheCriterionItMisses() {
        Circuit c = CircuitReader.parse("sq.csv", List.of("0,0", "10,0", "10,10", "0,10")).withHalfWidth(8.0, "given");
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(),
                runtime);
        assertFalse(r.valid(), "a 40-long loop cannot carry a half-width of 8");
        assertEquals(ValidityDiagnosis.of(r.config(), r.snapshot(), 0), r.invalidReason());
        assertTrue(r.invalidReason().contains("radius") || r.invalidReason().contains("turning")
                || r.invalidReason().contains("apart"), r.invalidReason());
    }

    /** The validity gate refuses every point whose half-width is not above w_floor: refused before any work. */
    @Test
    void aHalfWidthNotAboveTheWidthFloorIsRefusedNamingIt() {
        Circuit c = CircuitReader.parse("xy.csv", List.of("0,0", "10,0", "10,10", "0,10")).withHalfWidth(5e-4, "given");
        CircuitException e = assertThrows(CircuitException.class,
                () -> CircuitImporter.configFor(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build()));
        assertEquals("xy.csv: the half-width 0.0005 (given) is not above w_floor = 0.001, the validity gate's width "
                + "floor, so the track could only be invalid; give a larger --half-width or lower w_floor "
                + "(--set w_floor=...)", e.getMessage());
    }

    @Test
    void aPlainXyCircuitNeedsAHalfWidth() {
        Circuit c = CircuitReader.parse("xy.csv", List.of("0,0", "10,0", "10,10", "0,10"));
        CircuitException e = assertThrows(CircuitException.class,
                () -> CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime));
        assertTrue(e.getMessage().contains("xy.csv: no half-width"), e.getMessage());
        assertTrue(CircuitImporter.importCircuit(c.withHalfWidth(1.0, "given"), TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime)
                .valid());
    }

    @Test
    void aTooFineSpacingIsRefusedUpFront() {
        Circuit c = CircuitReader.read(circuits().resolve("IMS.csv"));
        CircuitException e = assertThrows(CircuitException.class,
                () -> CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).spacing(0.01).build(), runtime));
        assertTrue(e.getMessage().contains("more than the limit 65536; use a larger spacing"), e.getMessage());
    }

    @Test
    void theReferenceRowMeasuresEveryCircuitInTheFolder() {
        List<Circuit> all = ReferenceCircuits.readFolder(circuits());
        assertEquals(List.of("Austin.csv", "BrandsHatch.csv", "Budapest.csv", "IMS.csv"),
                all.stream().map(Circuit::name).toList());
        MetricsRow r = ReferenceCircuits.measure(all, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime);
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
