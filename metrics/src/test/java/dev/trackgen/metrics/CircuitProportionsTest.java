package dev.trackgen.metrics;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.metrics.circuit.Circuit;
import dev.trackgen.metrics.circuit.CircuitImporter;
import dev.trackgen.metrics.circuit.ImportResult;
import dev.trackgen.metrics.circuit.ReferenceCircuits;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code circuit} generator against the eight real circuits of the test resources
 * ({@code circuits/} and {@code circuits-more/}, TUM racetrack-database), scaled to the same
 * half-width and imported through the same pipeline: at E = 512, default knobs, seed 0, for
 * straight fraction, compactness, chicanes and peak curvature the generated mean lies within 20%
 * of the circuits' mean and the generated median between the circuits' 25th and 75th percentiles;
 * the mean lap length in half-widths lies within the circuits' range. Per-track definitions are
 * those of {@link PolylineMetrics} (docs/metrics.md); curvature and length are in half-widths.
 */
@Tag("slow")
class CircuitProportionsTest {
    static final String[] NAMES = {"length", "straight", "compactness", "chicanes", "peak curvature"};

    /** Per-track metrics of the real points of one loop: length and curvature in half-widths. */
    static double[] perTrack(float[] center, int base, int n, double hw) {
        double[] p = new double[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            p[i] = center[2 * base + i];
        }
        double[] turn = new double[n];
        double[] k = new double[n];
        PolylineMetrics.turnAngles(p, n, turn);
        PolylineMetrics.curvature(p, n, turn, k);
        return new double[] {PolylineMetrics.perimeter(p, n) / hw, PolylineMetrics.straightFraction(k, n),
                PolylineMetrics.compactness(p, n), PolylineMetrics.chicanes(turn, n),
                PolylineMetrics.peakCurvature(k, n) * hw};
    }

    /** The q-quantile with linear interpolation between order statistics (numpy's default). */
    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    static double[] column(List<double[]> rows, int m) {
        double[] v = rows.stream().mapToDouble(r -> r[m]).sorted().toArray();
        assertTrue(v.length > 0);
        return v;
    }

    static double mean(double[] v) {
        return Arrays.stream(v).average().orElseThrow();
    }

    static Path resource(String folder) {
        try {
            return Path.of(CircuitProportionsTest.class.getResource("/" + folder + "/README.md").toURI()).getParent();
        } catch (java.net.URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @Test
    void defaultLapsHaveTheProportionsOfRealCircuits() {
        TrackGenConfig base = TrackGenConfig.builder().declare(BuiltinKnobs.all()).build();
        double hw = base.halfWidth();
        List<Circuit> circuits = new ArrayList<>(ReferenceCircuits.readFolder(resource("circuits")));
        circuits.addAll(ReferenceCircuits.readFolder(resource("circuits-more")));
        assertEquals(8, circuits.size());
        List<double[]> ref = new ArrayList<>();
        List<double[]> gen = new ArrayList<>();
        int e = 512;
        try (CpuRuntime rt = new CpuRuntime(0, false)) {
            for (Circuit c : circuits) {
                ImportResult r = CircuitImporter.importCircuit(c.scaledToHalfWidth(hw), base, rt);
                assertTrue(r.valid(), c.name());
                double[] m = perTrack(r.snapshot().center(), 0, r.count(), hw);
                ref.add(m);
                System.out.printf("[circuit] %-12s length %.0f straight %.3f compactness %.3f chicanes %.0f peak %.3f%n",
                        c.name(), m[0], m[1], m[2], m[3], m[4]);
            }
            TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator("circuit").numEnvs(e).build();
            try (TrackGenerator g = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
                TrackSnapshot s = g.generate().snapshot();
                assertTrue(s.yield() >= 0.99, "yield " + s.yield());
                for (int env = 0; env < e; env++) {
                    if (s.isValid(env)) {
                        gen.add(perTrack(s.center(), env * s.nMax(), s.count(env), hw));
                    }
                }
            }
        }
        for (int m = 0; m < NAMES.length; m++) {
            double[] r = column(ref, m);
            double[] g = column(gen, m);
            System.out.printf("[circuit] %-15s circuits mean %.3f p25 %.3f p50 %.3f p75 %.3f range %.3f..%.3f | "
                            + "generated mean %.3f p25 %.3f p50 %.3f p75 %.3f range %.3f..%.3f%n", NAMES[m], mean(r),
                    quantile(r, 0.25), quantile(r, 0.5), quantile(r, 0.75), r[0], r[r.length - 1], mean(g),
                    quantile(g, 0.25), quantile(g, 0.5), quantile(g, 0.75), g[0], g[g.length - 1]);
        }
        for (int m = 0; m < NAMES.length; m++) {
            double[] r = column(ref, m);
            double[] g = column(gen, m);
            if (m == 0) {
                assertTrue(mean(g) >= r[0] && mean(g) <= r[r.length - 1], "mean length " + mean(g) + " outside the "
                        + "circuits' range " + r[0] + ".." + r[r.length - 1]);
                continue;
            }
            assertEquals(mean(r), mean(g), 0.2 * mean(r), NAMES[m] + ": mean more than 20% from the circuits'");
            double median = quantile(g, 0.5);
            assertTrue(median >= quantile(r, 0.25) && median <= quantile(r, 0.75), NAMES[m] + ": median " + median
                    + " outside the circuits' quartiles " + quantile(r, 0.25) + ".." + quantile(r, 0.75));
        }
    }
}
