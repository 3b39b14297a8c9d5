package dev.trackgen.course.raceline;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.metrics.circuit.Circuit;
import dev.trackgen.metrics.circuit.CircuitImporter;
import dev.trackgen.metrics.circuit.CircuitReader;
import dev.trackgen.metrics.circuit.ImportResult;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The racing line on the eight TUM circuits against TUM's own minimum-curvature lines (test
 * resources {@code racelines/}): imported as {@code trackgen import} does, with the files' own
 * per-point left and right widths, the line stays inside its corridor (the road less the margin,
 * along the normals) at every point, at least the margin from both border polylines at every
 * point and segment midpoint, and its integral of squared curvature is at most 10% above the TUM
 * line's on the same road.
 */
class TumRacelineTest {
    static final String[] CIRCUITS = {"Austin", "BrandsHatch", "Budapest", "Catalunya", "Hockenheim", "IMS",
        "Melbourne", "Zandvoort"};
    /** Margin from each border, metres (about what the TUM lines keep from their own borders). */
    static final double MARGIN = 0.5;
    /** Slack on the distance to the border polylines, metres: the corridor is along the normals, the polylines' nearest point can lie a little closer at a tight corner. */
    static final double BORDER_SLACK = 0.1;

    /** One circuit's figures. */
    record Row(String name, int points, double halfWidth, double ours, double tum, double lapOurs, double lapTum,
               double lapCenter, double worstCorridor, double nearestBorder, double residual) {
        double ratio() {
            return ours / tum;
        }

        String format() {
            return String.format(Locale.ROOT, "| %s | %d | %.2f | %.5f | %.5f | %.3f | %.1f | %.1f | %.1f |", name, points,
                    halfWidth, ours, tum, ratio(), lapOurs, lapTum, lapCenter);
        }
    }

    static Path resource(String name) {
        try {
            return Path.of(TumRacelineTest.class.getResource("/racelines/" + name).toURI());
        } catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

    static double[] readLine(Path p, double[] origin) {
        try {
            List<Double> xy = new ArrayList<>();
            for (String l : Files.readAllLines(p)) {
                if (l.isBlank() || l.startsWith("#")) {
                    continue;
                }
                String[] f = l.split(",");
                xy.add(Double.parseDouble(f[0].trim()) - origin[0]);
                xy.add(Double.parseDouble(f[1].trim()) - origin[1]);
            }
            return xy.stream().mapToDouble(Double::doubleValue).toArray();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * How far the line's points leave their corridor along the normals, in double: the largest
     * {@code max(lo_i - o_i, o_i - hi_i)} with {@code o_i = (r_i - c_i) . n_i},
     * {@code [lo_i, hi_i] = [-(right_i - margin), left_i - margin]} (the midpoint where they cross).
     */
    static double corridorExcess(double[] line, double[] c, double[] nrm, double[] left, double[] right, double m) {
        double worst = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < line.length / 2; i++) {
            double o = (line[2 * i] - c[2 * i]) * nrm[2 * i] + (line[2 * i + 1] - c[2 * i + 1]) * nrm[2 * i + 1];
            double hi = left[i] - m;
            double lo = m - right[i];
            if (lo > hi) {
                lo = hi = 0.5 * (lo + hi);
            }
            worst = Math.max(worst, Math.max(lo - o, o - hi));
        }
        return worst;
    }

    /** The border polyline {@code c + side * w_i n_i}. */
    static double[] border(double[] c, double[] nrm, double[] w, double side) {
        double[] b = new double[c.length];
        for (int i = 0; i < w.length; i++) {
            b[2 * i] = c[2 * i] + side * w[i] * nrm[2 * i];
            b[2 * i + 1] = c[2 * i + 1] + side * w[i] * nrm[2 * i + 1];
        }
        return b;
    }

    /** Smallest distance from the line's points and edge midpoints to the closed polyline {@code b}. */
    static double nearest(double[] line, double[] b) {
        int n = line.length / 2;
        double best = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            for (int h = 0; h < 2; h++) {
                double px = h == 0 ? line[2 * i] : 0.5 * (line[2 * i] + line[2 * j]);
                double py = h == 0 ? line[2 * i + 1] : 0.5 * (line[2 * i + 1] + line[2 * j + 1]);
                best = Math.min(best, dist2(b, px, py));
            }
        }
        return Math.sqrt(best);
    }

    static double[] widths(float[] w, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = w[i];
        }
        return out;
    }

    static double dist2(double[] c, double px, double py) {
        int n = c.length / 2;
        double best = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ax = c[2 * i];
            double ay = c[2 * i + 1];
            double dx = c[2 * j] - ax;
            double dy = c[2 * j + 1] - ay;
            double len2 = dx * dx + dy * dy;
            double u = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
            double ex = ax + u * dx - px;
            double ey = ay + u * dy - py;
            best = Math.min(best, ex * ex + ey * ey);
        }
        return best;
    }

    /** Runs the line on one circuit with the given solver settings. */
    static Row run(CpuRuntime cpu, String name, int linearizations, int sweeps, double rho) {
        Circuit circuit = CircuitReader.read(resource("circuits/" + name + ".csv"));
        // imported as `trackgen import` does: the file's centerline with its own per-point widths
        ImportResult r = CircuitImporter.importCircuit(circuit, TrackGenConfig.defaults(), cpu);
        TrackSnapshot h = r.snapshot();
        Track t = LineReference.upload(cpu, h);
        RacingLine rl = RacingLine.builder(t).halfWidth(r.halfWidth()).vehicleMargin(MARGIN).linearizations(linearizations)
                .sweeps(sweeps).rho(rho).build().compute();
        int n = h.count(0);
        double[] ours = LineReference.row(((HostVec2Array) rl.line()).data(), 0, h.nMax(), n);
        double[] center = LineReference.row(h.center(), 0, h.nMax(), n);
        double[] nrm = LineReference.row(h.normal(), 0, h.nMax(), n);
        double[] left = widths(h.leftHalfWidth(), n);
        double[] right = widths(h.rightHalfWidth(), n);
        double[] tum = readLine(resource("tum/" + name + ".csv"), r.origin());
        VehicleModel m = VehicleModel.DEFAULT;
        double lapTum = LineReference.profile(tum, LineReference.curvature(tum), m)[tum.length / 2];
        double excess = corridorExcess(ours, center, nrm, left, right, MARGIN);
        double near = Math.min(nearest(ours, border(center, nrm, left, 1)), nearest(ours, border(center, nrm, right, -1)));
        return new Row(name, n, r.halfWidth(), LineReference.squaredCurvature(ours), LineReference.squaredCurvature(tum),
                ((HostF32Array) rl.lapTime()).data()[0], lapTum, ((HostF32Array) rl.centerLapTime()).data()[0], excess, near,
                ((HostF32Array) rl.residual()).data()[0]);
    }

    @Test
    void insideTheRoadAndWithinTenPercentOfTumsSquaredCurvature() {
        try (CpuRuntime cpu = new CpuRuntime(2, false)) {
            List<String> bad = new ArrayList<>();
            for (String name : CIRCUITS) {
                Row row = run(cpu, name, RacingLine.Builder.DEFAULT_LINEARIZATIONS, RacingLine.Builder.DEFAULT_SWEEPS,
                        RacingLine.Builder.DEFAULT_RHO);
                System.out.println(row.format() + " corridor excess " + row.worstCorridor() + " nearest border "
                        + row.nearestBorder() + " residual " + row.residual());
                if (!(row.worstCorridor() <= 1e-3)) {
                    bad.add(name + ": the line leaves its corridor (the road less the margin) by " + row.worstCorridor() + " m");
                }
                if (!(row.nearestBorder() >= MARGIN - BORDER_SLACK)) {
                    bad.add(name + ": the line comes " + row.nearestBorder() + " m from a border, margin " + MARGIN);
                }
                if (!(row.ratio() <= 1.10)) {
                    bad.add(name + ": summed squared curvature " + row.ours() + " is " + row.ratio() + " x TUM's " + row.tum());
                }
            }
            assertTrue(bad.isEmpty(), String.join("\n", bad));
        }
    }
}
