package dev.trackgen.cli;

import dev.trackgen.cli.output.NpzTrackWriter;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpzEntry;
import org.jetbrains.bio.npy.NpzFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code generate --raceline}: the racing-line entries of the npz, and the options' checks. */
class RacelineCommandTest {
    @TempDir
    Path dir;

    @Test
    void theNpzGainsTheRacelineEntriesOnlyWhenAsked() {
        Path plain = dir.resolve("plain.npz");
        Path line = dir.resolve("line.npz");
        CliRun a = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "-q", "--out", plain.toString());
        CliRun b = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "-q", "--out", line.toString(), "--raceline",
                "--world-scale", "60");
        assertEquals(0, a.code(), a::toString);
        assertEquals(0, b.code(), b::toString);
        try (NpzFile.Reader r = NpzFile.read(plain)) {
            assertEquals(NpzTrackWriter.ARRAY_NAMES, r.introspect().stream().map(NpzEntry::getName).toList());
        }
        try (NpzFile.Reader r = NpzFile.read(line)) {
            List<String> names = new ArrayList<>(NpzTrackWriter.ARRAY_NAMES);
            names.addAll(NpzTrackWriter.RACELINE_NAMES);
            assertEquals(names, r.introspect().stream().map(NpzEntry::getName).toList());
            int nMax = r.get("center", Integer.MAX_VALUE).getShape()[1];
            assertArrayEquals(new int[] {4, nMax, 2}, r.get("raceline", Integer.MAX_VALUE).getShape());
            assertArrayEquals(new int[] {4, nMax}, r.get("raceline_speed", Integer.MAX_VALUE).getShape());
            NpyArray lap = r.get("raceline_lap_time", Integer.MAX_VALUE);
            float[] center = r.get("center_lap_time", Integer.MAX_VALUE).asFloatArray();
            boolean[] valid = r.get("valid", Integer.MAX_VALUE).asBooleanArray();
            for (int e = 0; e < 4; e++) {
                if (valid[e]) {
                    float t = lap.asFloatArray()[e];
                    assertTrue(t > 0 && t < center[e] * 1.05, "env " + e + ": lap " + t + " s, centerline " + center[e] + " s");
                }
            }
        }
    }

    @Test
    void aVehicleMarginNeedsRaceline() {
        CliRun r = CliRun.run("generate", "--envs", "2", "--runtime", "cpu", "-q", "--vehicle-margin", "0.01");
        assertEquals(1, r.code(), r::toString);
        assertTrue(r.err().contains("--vehicle-margin needs --raceline"), r::toString);
    }

    @Test
    void aBadMarginIsRefusedBeforeAnythingIsGenerated() {
        Path out = dir.resolve("bad.npz");
        CliRun wide = CliRun.run("generate", "--envs", "2", "--runtime", "cpu", "--raceline", "--vehicle-margin", "0.2",
                "--out", out.toString());
        assertTrue(wide.code() != 0, wide::toString);
        assertTrue(wide.err().contains("--vehicle-margin 0.2: must be in [0, half_width = 0.1)"), wide.err());
        assertFalse(wide.err().contains("generating"), "refused before generating: " + wide.err());
        CliRun nan = CliRun.run("generate", "--envs", "2", "--runtime", "cpu", "--raceline", "--vehicle-margin", "NaN",
                "--out", out.toString());
        assertTrue(nan.code() != 0, nan::toString);
        assertTrue(nan.err().contains("--vehicle-margin NaN: must be a finite number"), nan.err());
        assertFalse(java.nio.file.Files.exists(out));
    }

    /**
     * With a varying width profile the line follows the per-point widths: at every real point of
     * every valid env its offset along the normal, recomputed from the npz's {@code raceline},
     * {@code center} and {@code normal}, lies in {@code [-(right - m), left - m]} (m the default
     * margin, half_width / 4), and the corridor of some env is narrower than the constant one.
     */
    @Test
    void aVaryingWidthKeepsTheLineInsideThePerPointCorridor() {
        Path out = dir.resolve("wide.npz");
        CliRun r = CliRun.run("generate", "--envs", "6", "--runtime", "cpu", "-q", "--raceline", "--set",
                "width_profile=curvature", "--set", "half_width_min=0.06", "--set", "half_width_max=0.12", "--out",
                out.toString());
        assertEquals(0, r.code(), r::toString);
        double m = 0.1 / 4;
        try (NpzFile.Reader z = NpzFile.read(out)) {
            int nMax = z.get("center", Integer.MAX_VALUE).getShape()[1];
            float[] c = z.get("center", Integer.MAX_VALUE).asFloatArray();
            float[] n = z.get("normal", Integer.MAX_VALUE).asFloatArray();
            float[] line = z.get("raceline", Integer.MAX_VALUE).asFloatArray();
            float[] wl = z.get("left_half_width", Integer.MAX_VALUE).asFloatArray();
            float[] wr = z.get("right_half_width", Integer.MAX_VALUE).asFloatArray();
            int[] count = z.get("count", Integer.MAX_VALUE).asIntArray();
            boolean[] valid = z.get("valid", Integer.MAX_VALUE).asBooleanArray();
            int checked = 0;
            double narrowest = Double.MAX_VALUE;
            for (int e = 0; e < valid.length; e++) {
                if (!valid[e]) {
                    continue;
                }
                for (int i = 0; i < count[e]; i++) {
                    int t = e * nMax + i;
                    double o = (line[2 * t] - c[2 * t]) * n[2 * t] + (line[2 * t + 1] - c[2 * t + 1]) * n[2 * t + 1];
                    double hi = wl[t] - m;
                    double lo = m - wr[t];
                    assertTrue(o >= lo - 1e-5 && o <= hi + 1e-5, "env " + e + " point " + i + ": offset " + o
                            + " outside [" + lo + ", " + hi + "]");
                    narrowest = Math.min(narrowest, Math.min(wl[t], wr[t]));
                    checked++;
                }
            }
            assertTrue(checked > 0, "some env is valid");
            assertTrue(narrowest < 0.09, "the widths vary: narrowest " + narrowest);
        }
    }

    /**
     * {@code --raceline --export tum,f1tenth}: every env folder holds {@code raceline.csv}, read as
     * numpy.loadtxt(path, delimiter=';') (TUM's readers) and with skiprows=3 (f1tenth_gym's
     * waypoint follower) to the same rows: the npz's line in metres, closed, TUM's heading.
     */
    @Test
    void tumAndF1tenthExportsCarryTheRacingLine() throws java.io.IOException {
        Path out = dir.resolve("line.npz");
        Path exp = dir.resolve("exp");
        CliRun r = CliRun.run("generate", "--envs", "3", "--runtime", "cpu", "-q", "--raceline", "--world-scale", "40",
                "--export", "tum,f1tenth", "--out-dir", exp.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r::toString);
        try (NpzFile.Reader z = NpzFile.read(out)) {
            int nMax = z.get("center", Integer.MAX_VALUE).getShape()[1];
            float[] line = z.get("raceline", Integer.MAX_VALUE).asFloatArray();
            float[] speed = z.get("raceline_speed", Integer.MAX_VALUE).asFloatArray();
            float[] heading = z.get("raceline_heading", Integer.MAX_VALUE).asFloatArray();
            int[] count = z.get("count", Integer.MAX_VALUE).asIntArray();
            boolean[] valid = z.get("valid", Integer.MAX_VALUE).asBooleanArray();
            int checked = 0;
            for (int e = 0; e < 3; e++) {
                Path csv = exp.resolve(String.format("env_%05d", e)).resolve("raceline.csv");
                if (!valid[e]) {
                    assertFalse(java.nio.file.Files.exists(csv));
                    continue;
                }
                List<String> lines = java.nio.file.Files.readAllLines(csv);
                List<double[]> tum = loadtxt(lines, 0);
                List<double[]> f1 = loadtxt(lines, 3);
                assertEquals(tum.size(), f1.size());
                assertEquals(count[e] + 1, tum.size());
                for (int i = 0; i < count[e]; i++) {
                    int t = e * nMax + i;
                    double[] row = f1.get(i);
                    assertEquals(7, row.length);
                    assertEquals(line[2 * t] * 40.0, row[1], 1e-4, "x_m");
                    assertEquals(line[2 * t + 1] * 40.0, row[2], 1e-4, "y_m");
                    assertEquals(speed[t], row[5], 1e-5, "vx_mps");
                    double dpsi = row[3] + Math.PI / 2 - heading[t];
                    assertEquals(0, Math.abs(Math.IEEEremainder(dpsi, 2 * Math.PI)), 1e-5, "psi_rad = heading - pi/2");
                }
                assertTrue(f1.get(count[e])[0] > f1.get(count[e] - 1)[0], "closing row at the lap length");
                checked++;
            }
            assertTrue(checked > 0);
        }
    }

    /** numpy.loadtxt(lines, delimiter=';', skiprows=skip): text after '#' dropped, blank lines skipped. */
    private static List<double[]> loadtxt(List<String> lines, int skip) {
        List<double[]> rows = new ArrayList<>();
        for (String l : lines.subList(skip, lines.size())) {
            int hash = l.indexOf('#');
            String body = hash >= 0 ? l.substring(0, hash) : l;
            if (body.isBlank()) {
                continue;
            }
            String[] f = body.split(";", -1);
            double[] row = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                row[i] = Double.parseDouble(f[i].trim());
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * {@code --raceline --preview}: the line is drawn in the speed colours (the slow and the fast
     * end of the ramp both appear on the tracks, neither appears without {@code --raceline}), and
     * the colour bar runs from the slow colour to the fast one in the title row.
     */
    @Test
    void thePreviewDrawsTheLineColouredBySpeedWithAColourBar() throws java.io.IOException {
        Path plain = dir.resolve("plain.png");
        Path line = dir.resolve("line.png");
        CliRun a = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "-q", "--preview", plain.toString());
        CliRun b = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "-q", "--raceline", "--world-scale", "60",
                "--preview", line.toString());
        assertEquals(0, a.code(), a::toString);
        assertEquals(0, b.code(), b::toString);
        java.awt.image.BufferedImage pa = javax.imageio.ImageIO.read(plain.toFile());
        java.awt.image.BufferedImage pb = javax.imageio.ImageIO.read(line.toFile());
        java.awt.Color slow = dev.trackgen.cli.output.PreviewRenderer.heightColor(0);
        java.awt.Color fast = dev.trackgen.cli.output.PreviewRenderer.heightColor(1);
        int top = dev.trackgen.cli.output.PreviewRenderer.TITLE_HEIGHT;
        assertEquals(0, count(pa, slow, top) + count(pa, fast, top), "no speed colours without --raceline");
        assertTrue(count(pb, slow, top) > 0 && count(pb, fast, top) > 0, "slow " + count(pb, slow, top) + " and fast "
                + count(pb, fast, top) + " pixels on the tracks");
        // the bar, in the title row: its left end slow, its right end fast
        int y = top / 2;
        int first = -1;
        int last = -1;
        for (int x = 0; x < pb.getWidth(); x++) {
            if (near(pb.getRGB(x, y), slow) && first < 0) {
                first = x;
            }
            if (near(pb.getRGB(x, y), fast)) {
                last = x;
            }
        }
        assertTrue(first > pb.getWidth() / 2 && last > first + 50, "bar from x " + first + " to " + last);
    }

    private static int count(java.awt.image.BufferedImage img, java.awt.Color c, int fromY) {
        int k = 0;
        for (int y = fromY; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (near(img.getRGB(x, y), c)) {
                    k++;
                }
            }
        }
        return k;
    }

    private static boolean near(int rgb, java.awt.Color c) {
        return Math.abs(((rgb >> 16) & 255) - c.getRed()) <= 12 && Math.abs(((rgb >> 8) & 255) - c.getGreen()) <= 12
                && Math.abs((rgb & 255) - c.getBlue()) <= 12;
    }
}
