package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.cli.output.NpzGateWriter;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpzFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code trackgen gates} in-process on the CPU runtime: every contract array in the npz, the preview, clear errors. */
class GatesCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesEveryArrayWithItsShapeAndThePreview() throws IOException {
        Path npz = dir.resolve("gates.npz");
        Path png = dir.resolve("gates.png");
        CliRun run = CliRun.run("gates", "--envs", "6", "--generator", "polar", "--runtime", "cpu", "--seed", "3",
                "--set", "z_profile=random_walk", "--set", "z_min=0", "--set", "z_max=2", "--set", "z_base=1",
                "--set", "z_max_step=0.4", "--set", "max_gates=16", "--set", "half_width=0.12",
                "--out", npz.toString(), "--preview", png.toString());
        assertEquals(0, run.code(), run::toString);
        assertTrue(run.out().startsWith("gates polar on cpu: "), run.out());
        assertTrue(run.errLines().stream().anyMatch(l -> l.startsWith("trackgen: generating 6 gate courses ... done")),
                run.err());
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            List<String> names = new ArrayList<>();
            r.introspect().forEach(en -> names.add(en.getName()));
            assertEquals(NpzGateWriter.ARRAY_NAMES, names);
            assertArrayEquals(new int[] {6, 16, 3}, r.get("position", 1 << 20).getShape());
            assertArrayEquals(new int[] {6, 16, 4}, r.get("orientation", 1 << 20).getShape());
            assertArrayEquals(new int[] {6, 16 * 8, 3}, r.get("line_points", 1 << 20).getShape());
            int[] count = r.get("count", 1 << 20).asIntArray();
            float[] pos = r.get("position", 1 << 20).asFloatArray();
            for (int e = 0; e < 6; e++) {
                for (int i = 0; i < 16; i++) {
                    assertEquals(i >= count[e], Float.isNaN(pos[3 * (e * 16 + i)]), "NaN past count");
                }
            }
            NpyArray config = r.get("config", 1 << 20);
            JsonNode j = new ObjectMapper().readTree(((String[]) config.getData())[0]);
            assertEquals("random_walk", j.get("gates").get("z_profile").asText());
            assertEquals(16, j.get("gates").get("max_gates").asInt());
            assertEquals("polar", j.get("track").get("generator").asText());
            assertEquals(0.12, j.get("track").get("half_width").asDouble(), 1e-9);
            assertEquals("cpu", j.get("track").get("runtime").asText());
        }
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(img.getWidth() > 200 && img.getHeight() > 200, img.getWidth() + "x" + img.getHeight());
    }

    @Test
    void aBadGateKnobFailsWithOneLineNamingItAndWritesNothing() {
        Path npz = dir.resolve("bad.npz");
        CliRun run = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_min=3", "--set", "z_max=1",
                "--out", npz.toString());
        assertTrue(run.code() != 0, run::toString);
        assertTrue(run.err().contains("z_min = 3.0 is above z_max = 1.0"), run.err());
        assertFalse(Files.exists(npz));
        CliRun unknown = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "gate_ordering=zigzag");
        assertTrue(unknown.code() != 0);
        assertTrue(unknown.err().contains("gate_ordering = zigzag"), unknown.err());
    }

    @Test
    void writesOneLsyTomlPerValidCourseAndRefusesABadScale() throws IOException {
        Path toml = dir.resolve("lsy");
        Path npz = dir.resolve("g.npz");
        CliRun run = CliRun.run("gates", "--envs", "4", "--generator", "bezier", "--runtime", "cpu", "--seed", "1",
                "--out", npz.toString(), "--lsy-toml", toml.toString(), "--lsy-scale", "2");
        assertEquals(0, run.code(), run::toString);
        int[] valid;
        int[] count;
        float[] pos;
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            valid = r.get("valid", 1 << 20).asIntArray();
            count = r.get("count", 1 << 20).asIntArray();
            pos = r.get("position", 1 << 20).asFloatArray();
        }
        int gMax = pos.length / 3 / 4;
        for (int e = 0; e < 4; e++) {
            Path f = toml.resolve(String.format("env_%05d.toml", e));
            assertEquals(valid[e] != 0, Files.exists(f), "a file exactly for each valid env: " + f);
            if (valid[e] != 0) {
                String text = Files.readString(f);
                assertTrue(text.contains("[env.track]"), text);
                assertEquals(count[e], text.split("\\[\\[env\\.track\\.gates]]", -1).length - 1, "one table per gate");
                int o = 3 * e * gMax;
                String gate0 = String.format(java.util.Locale.ROOT, "pos = [%.6f, %.6f, %.6f]", 2.0 * pos[o],
                        2.0 * pos[o + 1], 2.0 * pos[o + 2]);
                assertTrue(text.contains(gate0), "gate 0 scaled by 2 (" + gate0 + ") in\n" + text);
            }
        }
        CliRun bad = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--lsy-toml", toml.toString(),
                "--lsy-scale", "0");
        assertTrue(bad.code() != 0, bad::toString);
        assertTrue(bad.err().contains("--lsy-scale 0.0: must be a finite number > 0"), bad.err());
    }
}
