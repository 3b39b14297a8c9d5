package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jetbrains.bio.npy.NpzFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code trackgen import FILE --bridge} (docs/elevation.md, "Bridges"): a figure-eight x,y file
 * (a lemniscate of Bernoulli 400 m across) is refused as self-crossing without it, and imports as
 * a valid bridge course with it, one branch raised over the crossing by more than the clearance;
 * a clearance the ramps cannot reach gives an invalid track.
 */
class ImportBridgeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A lemniscate of Bernoulli of half-extent {@code a} metres, {@code n} points. */
    static List<double[]> lemniscate(double a, int n) {
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * (i + 0.5) / n; // no point on the crossing itself
            double d = 1 + Math.sin(t) * Math.sin(t);
            pts.add(new double[] {a * Math.cos(t) / d, a * Math.sin(t) * Math.cos(t) / d});
        }
        return pts;
    }

    @Test
    void aFigureEightImportsAsABridgeCourse() throws IOException {
        Path csv = Circuits.xy(dir.resolve("figure8.csv"), lemniscate(200, 600));
        CliRun flat = CliRun.run("import", csv.toString(), "--half-width", "6", "-q");
        assertEquals(1, flat.code(), flat::toString);
        assertTrue(flat.err().contains("crosses itself") && flat.err().contains("--bridge"), flat::toString);

        Path npz = dir.resolve("figure8.npz");
        CliRun run = CliRun.run("import", csv.toString(), "--half-width", "6", "--bridge", "5", "--json", "-q",
                "--out", npz.toString());
        assertEquals(0, run.code(), run::toString);
        JsonNode doc = JSON.readTree(run.out());
        assertTrue(doc.get("valid").asBoolean(), run::toString);
        assertEquals(5.0, doc.get("bridge_clearance").asDouble());
        assertEquals(0.0, doc.get("z_min").asDouble());
        assertTrue(doc.get("z_max").asDouble() >= 5.0, run::toString);
        assertTrue(doc.get("offset_max").asDouble() < 0.5, "not relaxed: the file's line " + run);
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            assertArrayEquals(new boolean[] {true}, r.get("valid", Integer.MAX_VALUE).asBooleanArray());
            float[] z = r.get("center_z", Integer.MAX_VALUE).asFloatArray();
            int count = r.get("count", Integer.MAX_VALUE).asIntArray()[0];
            int high = 0;
            for (int i = 0; i < count; i++) {
                high += z[i] >= 5f ? 1 : 0;
            }
            assertTrue(high > 0 && high < count / 4, "a short bridge span: " + high + " of " + count);
        }

        // the default clearance is the half-width; the human summary names the bridge
        CliRun human = CliRun.run("import", csv.toString(), "--half-width", "6", "--bridge", "-q");
        assertEquals(0, human.code(), human::toString);
        assertTrue(human.out().contains("valid      yes"), human::toString);
        assertTrue(human.out().contains("bridge     clearance 6.000 m"), human::toString);

        // 300 m of clearance at grade 0.1 needs ramps longer than the lap: refused
        CliRun high = CliRun.run("import", csv.toString(), "--half-width", "6", "--bridge", "300", "--json", "-q");
        assertEquals(0, high.code(), high::toString);
        JsonNode refused = JSON.readTree(high.out());
        assertFalse(refused.get("valid").asBoolean(), high::toString);
        assertTrue(refused.get("invalid_reason").asText().startsWith("a bridge without its clearance"), high::toString);

        CliRun negative = CliRun.run("import", csv.toString(), "--half-width", "6", "--bridge", "-1", "-q");
        assertTrue(negative.code() != 0, negative::toString);
    }
}
