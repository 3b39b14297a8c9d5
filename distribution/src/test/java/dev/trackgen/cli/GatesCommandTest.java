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
        CliRun run = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_profile=uniform",
                "--set", "z_min=3", "--set", "z_max=1", "--out", npz.toString());
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

    @Test
    void unusedAltitudeBoundsAreAcceptedOnAFlatProfile() {
        // as generate's elevation knobs: z_min / z_max are only read by a non-flat z_profile
        CliRun flat = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_min=3", "--set", "z_max=1");
        assertEquals(0, flat.code(), flat::toString);
        CliRun walk = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_profile=random_walk",
                "--set", "z_min=3", "--set", "z_max=1");
        assertEquals(1, walk.code(), walk::toString);
        assertTrue(walk.err().contains("a non-flat z_profile (random_walk) needs the range [z_min, z_max]"), walk.err());
    }

    @Test
    void exportFoldersAreCreatedWithTheirParentsAndANonEmptyOneNeedsForce() throws IOException {
        Path lsy = dir.resolve("a/b/lsy");
        CliRun first = CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--lsy-toml", lsy.toString());
        assertEquals(0, first.code(), first::toString);
        long files;
        try (var list = Files.list(lsy)) {
            files = list.count();
        }
        assertTrue(files >= 1, "TOML files written into the created folder");
        String before = Files.readString(lsy.resolve("env_00000.toml"));
        CliRun again = CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--seed", "9", "--lsy-toml", lsy.toString());
        assertEquals(1, again.code(), again::toString);
        assertTrue(again.err().contains("--lsy-toml " + lsy + ": the folder is not empty"), again.err());
        assertEquals(before, Files.readString(lsy.resolve("env_00000.toml")), "nothing written on a refusal");
        CliRun forced = CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--seed", "9", "--lsy-toml", lsy.toString(),
                "--force");
        assertEquals(0, forced.code(), forced::toString);
        CliRun gltf = CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--gltf", lsy.toString());
        assertEquals(1, gltf.code(), gltf::toString);
        assertTrue(gltf.err().contains("--gltf " + lsy + ": the folder is not empty"), gltf.err());
        CliRun stray = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--force");
        assertEquals(1, stray.code(), stray::toString);
        assertTrue(stray.err().contains("--force: applies to --lsy-toml and --gltf only"), stray.err());
    }

    @Test
    void lsyScaleIsRangeCheckedAndNeedsLsyToml() {
        CliRun alone = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--lsy-scale", "2");
        assertEquals(1, alone.code(), alone::toString);
        assertTrue(alone.err().contains("--lsy-scale 2.0: applies to --lsy-toml only"), alone.err());
        for (String bad : new String[] {"Infinity", "NaN", "-1", "0"}) {
            CliRun r = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--lsy-toml", dir.resolve("x" + bad).toString(),
                    "--lsy-scale", bad);
            assertEquals(1, r.code(), r::toString);
            assertTrue(r.err().contains(": must be a finite number > 0 (metres per world unit)"), r.err());
            assertFalse(Files.exists(dir.resolve("x" + bad)), "nothing written for --lsy-scale " + bad);
        }
        CliRun up = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--up", "z");
        assertEquals(1, up.code(), up::toString);
        assertTrue(up.err().contains("--up z: applies to --gltf only"), up.err());
    }

    @Test
    void aFlatCoursesTomlHasNoNegativeZero() throws IOException {
        Path lsy = dir.resolve("flat");
        CliRun run = CliRun.run("gates", "--envs", "4", "--generator", "polar", "--runtime", "cpu", "--lsy-toml",
                lsy.toString());
        assertEquals(0, run.code(), run::toString);
        int checked = 0;
        try (var list = Files.list(lsy)) {
            for (Path f : (Iterable<Path>) list::iterator) {
                String text = Files.readString(f);
                assertFalse(text.contains("-0.000000"), f + ":\n" + text);
                assertTrue(text.contains(", 0.000000]"), "flat courses at z = 0: " + text);
                checked++;
            }
        }
        assertTrue(checked >= 1);
    }

    @Test
    void writesOneGlbScenePerValidCourse() throws IOException {
        Path npz = dir.resolve("g.npz");
        Path gltf = dir.resolve("scenes");
        CliRun run = CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--out", npz.toString(), "--gltf",
                gltf.toString(), "--up", "z", "--gltf-scale", "5", "--frame-thickness", "0.03");
        assertEquals(0, run.code(), run::toString);
        int[] valid;
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            valid = r.get("valid", 1 << 20).asIntArray();
        }
        for (int e = 0; e < 3; e++) {
            Path f = gltf.resolve(String.format("env_%05d.glb", e));
            assertEquals(valid[e] != 0, Files.exists(f), f.toString());
            if (valid[e] != 0) {
                byte[] b = Files.readAllBytes(f);
                assertEquals("glTF", new String(b, 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
                assertEquals(2, b[4], "glTF 2.0 binary");
            }
        }
        CliRun bad = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--gltf", dir.resolve("s2").toString(),
                "--frame-depth", "-1");
        assertEquals(1, bad.code(), bad::toString);
        assertTrue(bad.err().contains("--frame-depth -1.0: must be a finite number > 0 (world units)"), bad.err());
    }

    @Test
    void theSeedKnobSeedsTheCoursesAsSeedDoes() throws IOException {
        Path a = dir.resolve("seed-option.npz");
        Path b = dir.resolve("seed-knob.npz");
        assertEquals(0, CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--seed", "5", "--out", a.toString()).code());
        CliRun knob = CliRun.run("gates", "--envs", "3", "--runtime", "cpu", "--set", "seed=5", "--out", b.toString());
        assertEquals(0, knob.code(), knob::toString);
        assertTrue(knob.out().contains("(seed 5)"), knob.out());
        try (NpzFile.Reader ra = NpzFile.read(a); NpzFile.Reader rb = NpzFile.read(b)) {
            assertArrayEquals(ra.get("position", 1 << 20).asFloatArray(), rb.get("position", 1 << 20).asFloatArray());
            JsonNode j = new ObjectMapper().readTree(((String[]) rb.get("config", 1 << 20).getData())[0]);
            assertEquals(5, j.get("gates").get("seed").asInt(), "the recorded seed is the one used");
        }
    }

    @Test
    void aProfileWhoseRangeMakesItFlatIsRefused() {
        CliRun empty = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_profile=noise",
                "--set", "z_base=1", "--set", "z_noise_amplitude=0.3");
        assertEquals(1, empty.code(), empty::toString);
        assertTrue(empty.err().contains("z_min = z_max = 0.0: a non-flat z_profile (noise)"), empty.err());
        CliRun outside = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_profile=noise",
                "--set", "z_base=3", "--set", "z_min=0.5", "--set", "z_max=1.5", "--set", "z_noise_amplitude=0.3");
        assertEquals(1, outside.code(), outside::toString);
        assertTrue(outside.err().contains("z_base = 3.0 is outside [z_min, z_max] = [0.5, 1.5]"), outside.err());
        CliRun fine = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--set", "z_profile=noise",
                "--set", "z_base=1", "--set", "z_min=0.5", "--set", "z_max=1.5", "--set", "z_noise_amplitude=0.3");
        assertEquals(0, fine.code(), fine::toString);
    }

    @Test
    void aScaleBeyondWhatAnExportHoldsIsRefusedBeforeAnyFile() {
        Path gltf = dir.resolve("huge-gltf");
        CliRun g = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--gltf", gltf.toString(), "--gltf-scale", "1e300");
        assertEquals(1, g.code(), g::toString);
        assertTrue(g.err().contains("--gltf-scale 1.0E300: puts the courses") && g.err().contains("m an export can hold"),
                g.err());
        assertFalse(Files.exists(gltf), "nothing written");
        Path lsy = dir.resolve("huge-lsy");
        CliRun l = CliRun.run("gates", "--envs", "2", "--runtime", "cpu", "--lsy-toml", lsy.toString(), "--lsy-scale", "1e300");
        assertEquals(1, l.code(), l::toString);
        assertTrue(l.err().contains("--lsy-scale 1.0E300: puts the courses"), l.err());
        assertFalse(Files.exists(lsy), "nothing written");
    }

    @Test
    void aFailedExportFolderKeepsNoFileOfTheRun() throws IOException {
        Path npz = dir.resolve("f.npz");
        assertEquals(0, CliRun.run("gates", "--envs", "4", "--runtime", "cpu", "--out", npz.toString()).code());
        int last = -1;
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            int[] valid = r.get("valid", 1 << 20).asIntArray();
            for (int e = 0; e < valid.length; e++) {
                last = valid[e] != 0 ? e : last;
            }
        }
        assertTrue(last > 0, "at least two valid courses");
        Path gltf = dir.resolve("blocked");
        // the last valid course's file name is taken by a folder: the whole folder is refused, after
        // the earlier courses' files were staged
        Files.createDirectories(gltf.resolve(String.format("env_%05d.glb", last)).resolve("x"));
        CliRun run = CliRun.run("gates", "--envs", "4", "--runtime", "cpu", "--gltf", gltf.toString(), "--force");
        assertEquals(1, run.code(), run::toString);
        assertTrue(run.err().contains(String.format("env_%05d.glb: exists and is a directory", last)), run.err());
        try (var files = Files.list(gltf)) {
            List<String> left = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of(String.format("env_%05d.glb", last)), left,
                    "only the blocking folder is left: no staged file, no temporary one");
        }
    }

    @Test
    void readsGateKnobsFromAConfigFileAndSetWins() throws IOException {
        Path cfg = dir.resolve("gates.yaml");
        Files.writeString(cfg, "generator: polar\nnum_envs: 3\nmax_gates: 6\nmin_gates: 4\nz_profile: uniform\n"
                + "z_min: 0.5\nz_max: 1.5\nhalf_width: 0.12\n");
        Path npz = dir.resolve("c.npz");
        CliRun run = CliRun.run("gates", "--config", cfg.toString(), "--runtime", "cpu", "--set", "min_gates=5",
                "--out", npz.toString());
        assertEquals(0, run.code(), run::toString);
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            assertArrayEquals(new int[] {3, 6, 3}, r.get("position", 1 << 20).getShape(), "max_gates from the file");
            JsonNode j = new ObjectMapper().readTree(((String[]) r.get("config", 1 << 20).getData())[0]);
            assertEquals("uniform", j.get("gates").get("z_profile").asText());
            assertEquals(5, j.get("gates").get("min_gates").asInt(), "--set wins over the file");
            assertEquals(1.5, j.get("gates").get("z_max").asDouble(), 1e-6);
            assertEquals("polar", j.get("track").get("generator").asText());
            assertEquals(0.12, j.get("track").get("half_width").asDouble(), 1e-9);
            for (int c : r.get("count", 1 << 20).asIntArray()) {
                assertTrue(c >= 5 && c <= 6, "count " + c);
            }
        }
        Path json = dir.resolve("bad.json");
        Files.writeString(json, "{\"max_gates\": 2}");
        CliRun bad = CliRun.run("gates", "--config", json.toString(), "--envs", "2", "--runtime", "cpu");
        assertEquals(1, bad.code(), bad::toString);
        assertTrue(bad.err().contains("config file '" + json + "'") && bad.err().contains("max_gates = 2"), bad.err());
    }

    @Test
    void knobsListsTheGateKnobsWithRangesAndDefaults() {
        CliRun run = CliRun.run("knobs", "gate_");
        assertEquals(0, run.code(), run::toString);
        String width = run.out().lines().filter(l -> l.startsWith("gate_width ")).findFirst().orElse("");
        assertTrue(width.contains("0.2") && width.contains("[0, +inf)") && width.contains("world units"), run.out());
        assertTrue(run.out().contains("ccw | raw | random_pairs"), run.out());
        CliRun all = CliRun.run("knobs");
        for (String k : new String[] {"max_gates", "stack_clearance", "line_bow_bound", "samples_per_gate"}) {
            assertTrue(all.out().lines().anyMatch(l -> l.startsWith(k + " ")), k + " in\n" + all.out());
        }
    }
}
