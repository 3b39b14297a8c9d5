package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code generate --export}: the folder layout, the index, the import round trip, and bad input. */
class ExportCommandTest {
    private static final JsonMapper JSON = new JsonMapper();

    @TempDir
    Path tmp;

    private static JsonNode index(Path dir) throws IOException {
        return JSON.readTree(dir.resolve("index.json").toFile());
    }

    @Test
    void theTumCsvOfEveryTrackRoundTripsThroughImport() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.run("generate", "--envs", "4", "--seed", "5", "--threads", "1", "--export", "tum",
                "--out-dir", out.toString(), "-q");
        assertEquals(0, r.code(), r.toString());
        JsonNode idx = index(out);
        int checked = 0;
        for (JsonNode env : idx.get("envs")) {
            if (!env.get("valid").asBoolean()) {
                continue;
            }
            Path csv = out.resolve(env.get("files").get(0).asText());
            assertEquals("centerline.csv", csv.getFileName().toString());
            CliRun imp = CliRun.run("import", csv.toString(), "--json", "--threads", "1", "-q");
            assertEquals(0, imp.code(), imp.toString());
            JsonNode j = JSON.readTree(imp.outLines().get(0));
            // the file holds the track's own loop: same points, same length, the widths of the default
            // half-width 0.1 at the default world scale 11 m/unit (float32 borders)
            double length = env.get("length_m").asDouble();
            assertEquals(env.get("points").asInt(), j.get("points").asInt(), "one row per point");
            assertEquals(length, j.get("input_length").asDouble(), 1e-5 * length, "the CSV's loop is the track's");
            assertEquals(1.1, j.get("half_width").asDouble(), 1e-5);
            // through the whole pipeline (resample, relax again, inflate): still a valid track of about the same length
            assertTrue(j.get("valid").asBoolean(), "the exported track imports as valid: " + j);
            assertEquals(length, j.get("length").asDouble(), 0.03 * length, "the imported length");
            assertEquals(env.get("points").asInt(), j.get("count").asInt(), 3, "same spacing, about the same count");
            assertTrue(j.get("offset_max").asDouble() < 1.1, "stays on its own road: moved " + j.get("offset_max"));
            // resampled at the same spacing without a second relaxation, it stays within spacing tolerance
            CliRun still = CliRun.run("import", csv.toString(), "--json", "--threads", "1", "-q", "--set",
                    "relax_enable=false");
            JsonNode k = JSON.readTree(still.outLines().get(0));
            double spacing = k.get("spacing").asDouble();
            // a file with its own widths is sampled at equal chords of its polyline, at most 0.6 x
            // half-width (the generator's spacing) and not much less (docs/circuits.md)
            assertTrue(spacing <= 0.66 * (1 + 1e-5) && spacing > 0.5 * 0.66, "equal chords of at most 0.6 x half-width: " + spacing);
            assertTrue(k.get("offset_max").asDouble() < 0.25 * spacing, "resample only: moved " + k.get("offset_max"));
            checked++;
        }
        assertTrue(checked > 0);
    }

    @Test
    void terrainFilesAreWrittenPerValidTrack() throws IOException {
        Path out = tmp.resolve("terrain");
        CliRun r = CliRun.run("generate", "--envs", "2", "--seed", "4", "--threads", "1", "--export",
                "heightfield,mjcf,terrain", "--heightfield-res", "32", "--set", "z_profile=random_walk",
                "--set", "z_max=0.3", "--set", "z_max_step=0.2", "--set", "bank_speed=1.5",
                "--out-dir", out.toString(), "-q");
        assertEquals(0, r.code(), r.toString());
        assertEquals(32, index(out).get("settings").get("heightfield_resolution").asInt());
        int checked = 0;
        for (JsonNode env : index(out).get("envs")) {
            if (!env.get("valid").asBoolean()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            env.get("files").forEach(f -> names.add(out.resolve(f.asText()).getFileName().toString()));
            assertEquals(List.of("heightfield.png", "heightfield.json", "heightfield.bin", "heightfield.xml",
                    "terrain.glb", "terrain.obj"), names);
            JsonNode meta = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(out.resolve(env.get("files").get(1).asText()).toFile());
            assertEquals(32, meta.get("size").get(0).asInt());
            assertTrue(meta.get("z_max").asDouble() > meta.get("z_min").asDouble(), meta.toString());
            assertEquals(8 + 4 * 32 * 32, Files.size(out.resolve(env.get("files").get(2).asText())));
            checked++;
        }
        assertTrue(checked > 0);
        CliRun bad = CliRun.run("generate", "--envs", "1", "--export", "heightfield", "--heightfield-res", "4",
                "--out-dir", tmp.resolve("bad").toString(), "-q");
        assertTrue(bad.code() != 0 && bad.toString().contains("heightfield resolution = 4"), bad.toString());
        // a length within the knob's world-unit range but past the grid's metres at the world scale
        CliRun far = CliRun.run("generate", "--envs", "1", "--export", "heightfield", "--heightfield-drop", "100000",
                "--out-dir", tmp.resolve("far").toString(), "-q");
        assertTrue(far.code() != 0 && far.err().contains("--heightfield-drop 100000.0: is 1.100e+06 m at --world-scale 11.0,"
                + " more than the 1e+06 m a heightfield holds"), far.toString());
        assertFalse(Files.exists(tmp.resolve("far")));
    }

    @Test
    void coneFilesAreWrittenPerValidTrackAtTheRequestedSpacing() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.run("generate", "--envs", "3", "--seed", "2", "--threads", "1", "--export", "fsds,fssim",
                "--cone-spacing", "3", "--out-dir", out.toString(), "-q");
        assertEquals(0, r.code(), r.toString());
        assertEquals(3.0, index(out).get("settings").get("cone_spacing_m").asDouble());
        int checked = 0;
        for (JsonNode env : index(out).get("envs")) {
            if (!env.get("valid").asBoolean()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            env.get("files").forEach(f -> names.add(out.resolve(f.asText()).getFileName().toString()));
            assertEquals(List.of("cones.csv", "fssim_track.sdf", "fssim_track.yaml"), names);
            Path csv = out.resolve(env.get("files").get(0).asText());
            List<String> lines = Files.readAllLines(csv);
            long orange = lines.stream().filter(l -> l.startsWith("big_orange,")).count();
            long blue = lines.stream().filter(l -> l.startsWith("blue,")).count();
            assertEquals(2, orange);
            // about one cone per 3 m of each border (the borders are about as long as the centerline)
            double length = env.get("length_m").asDouble();
            assertEquals(length / 3, blue + 1, 0.35 * length / 3);
            String yaml = Files.readString(out.resolve(env.get("files").get(2).asText()));
            assertTrue(yaml.contains("cones_left:") && yaml.contains("cones_right:") && yaml.contains("cones_orange:")
                    && yaml.contains("tk_device:"));
            assertTrue(Files.readString(out.resolve(env.get("files").get(1).asText())).contains("<sdf version=\"1.4\">"));
            checked++;
        }
        assertTrue(checked > 0);
        assertRefused(List.of("--export", "fsds", "--out-dir", tmp.resolve("x").toString(), "--cone-spacing", "0"), "--cone-spacing 0.0: must be a positive number");
        assertRefused(List.of("--export", "fsds", "--out-dir", tmp.resolve("y").toString(), "--cone-spacing", "1e-9"),
                "--cone-spacing 1.0E-9: must be at least 0.25 m (closer cones would overlap)");
    }

    @Test
    void invalidEnvsAreSkippedAndListedAndEveryListedFileExists() throws IOException {
        Path out = tmp.resolve("out");
        // N_max = 80 truncates the longer tracks of this batch, which makes them invalid
        CliRun r = CliRun.run("generate", "--envs", "8", "--seed", "3", "--threads", "1", "--set", "N_max=80",
                "--export", "f1tenth,deepracer,gltf,obj", "--out-dir", out.toString(), "--map-resolution", "0.1");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.err().contains("exporting "), r.err());
        JsonNode idx = index(out);
        assertEquals(8, idx.get("num_envs").asInt());
        assertEquals(3, idx.get("seed").asInt());
        List<Integer> skipped = new ArrayList<>();
        idx.get("skipped_invalid").forEach(n -> skipped.add(n.asInt()));
        assertFalse(skipped.isEmpty(), "some env is invalid in this batch");
        int written = 0;
        for (JsonNode env : idx.get("envs")) {
            int e = env.get("env").asInt();
            assertEquals(3 + e, env.get("seed").asInt());
            Path dir = out.resolve(String.format("env_%05d", e));
            if (env.get("valid").asBoolean()) {
                written++;
                assertFalse(skipped.contains(e));
                List<String> names = new ArrayList<>();
                env.get("files").forEach(f -> names.add(f.asText()));
                assertEquals(List.of("map.png", "map.yaml", "start_pose.yaml", "centerline.csv", "waypoints.npy",
                        "road.glb", "road.obj"), names.stream().map(n -> n.substring(n.indexOf('/') + 1)).toList());
                for (String f : names) {
                    assertTrue(Files.size(out.resolve(f)) > 0, f);
                }
                try (Stream<Path> files = Files.list(dir)) {
                    assertEquals(names.size(), files.count(), "nothing else in " + dir + " (no temporary files)");
                }
            } else {
                assertTrue(skipped.contains(e));
                assertFalse(Files.exists(dir), "no folder for invalid env " + e);
            }
        }
        assertTrue(written > 0);
        assertEquals(written, idx.get("written").asInt());
    }

    @Test
    void aNonEmptyFolderIsRefusedWithoutForceAndReplacedWithIt() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("keep.txt"), "mine", StandardCharsets.UTF_8);
        CliRun r = CliRun.run("generate", "--envs", "2", "--export", "tum", "--out-dir", out.toString());
        assertNotEquals(0, r.code());
        assertEquals(1, r.errorLines().size(), r.toString());
        assertTrue(r.errorLines().get(0).contains("not empty; pass --force"), r.toString());
        assertFalse(r.err().contains("generating"), "refused before any work: " + r.err());
        assertFalse(Files.exists(out.resolve("index.json")));

        CliRun forced = CliRun.run("generate", "--envs", "2", "--export", "tum", "--out-dir", out.toString(), "--force",
                "-q");
        assertEquals(0, forced.code(), forced.toString());
        assertTrue(Files.exists(out.resolve("index.json")));
        assertEquals("mine", Files.readString(out.resolve("keep.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void badInputIsRefusedWithOneLineBeforeAnyWork() throws IOException {
        Path out = tmp.resolve("out");
        assertRefused(List.of("--export", "f1tenth,sumo", "--out-dir", out.toString()),
                "unknown format 'sumo'; known formats: f1tenth, tum, deepracer, gltf, obj, fsds, fssim, heightfield, mjcf, terrain");
        assertRefused(List.of("--export", "tum"), "--out-dir");
        assertRefused(List.of("--out-dir", out.toString()), "--export");
        assertRefused(List.of("--export", "obj", "--up", "x", "--out-dir", out.toString()), "--up x");
        assertRefused(List.of("--export", "f1tenth", "--map-resolution", "0", "--out-dir", out.toString()),
                "--map-resolution 0.0: must be a positive number");
        // even the road alone would need a map wider than 16384 pixels
        assertRefused(List.of("--export", "f1tenth", "--map-resolution", "0.0001", "--out-dir", out.toString()),
                "--map-resolution 1.0E-4: a map of ");
        assertRefused(List.of("--export", "f1tenth", "--map-resolution", "0.0001", "--out-dir", out.toString()),
                "exceeds the limit of 16384 x 16384");
        // the margin, not the resolution, makes the map too large: the message names the option at fault
        assertRefused(List.of("--export", "f1tenth", "--map-margin", "1e6", "--out-dir", out.toString()),
                "--map-margin 1000000.0: a map of 40000044 x 40000044 pixels exceeds the limit of 16384 x 16384: a "
                        + "margin of 1000000 m on each side of the track take 40000000 pixels at resolution 0.05 m/px, "
                        + "more than the track itself (2.2 m); use a smaller margin");
        assertRefused(List.of("--export", "f1tenth", "--map-walls", "1e6", "--out-dir", out.toString()),
                "--map-walls 1000000.0: a map of ");
        assertFalse(Files.exists(out), "nothing created");
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertRefused(List.of("--export", "tum", "--out-dir", file.toString()), "is not a directory");
        Path cannot = Unwritable.directory(tmp).resolve("new");
        assertRefused(List.of("--export", "tum", "--out-dir", cannot.toString()), "cannot create the folder");
    }

    @Test
    void aMapTooLargeForTheTracksIsRefusedBeforeAnyFileIsWritten() throws IOException {
        Path out = tmp.resolve("out");
        // passes the road-only check, but every generated track is wider than 16384 pixels at 0.5 mm
        CliRun r = CliRun.run("generate", "--envs", "3", "--export", "f1tenth,tum", "--map-resolution", "0.0005",
                "--out-dir", out.toString());
        assertNotEquals(0, r.code());
        assertEquals(1, r.errorLines().size(), r.toString());
        assertTrue(r.errorLines().get(0).contains("exceeds the limit of 16384 x 16384"), r.toString());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(0, files.count(), "no file written, the index's temporary file removed");
        }
    }

    @Test
    void aFailureHalfwayLeavesCompleteEnvFoldersAndNoTemporaryFiles() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        // env 1's folder name is taken by a plain file: writing env 1 fails after env 0 is done
        Files.writeString(out.resolve("env_00001"), "in the way", StandardCharsets.UTF_8);
        CliRun r = CliRun.run("generate", "--envs", "3", "--seed", "1", "--export", "f1tenth,gltf", "--out-dir",
                out.toString(), "--force", "--map-resolution", "0.1");
        assertNotEquals(0, r.code());
        assertEquals(1, r.errorLines().size(), r.toString());
        assertTrue(r.errorLines().get(0).contains("env_00001"), r.toString());
        assertFalse(index(out).get("complete").asBoolean(), "the index says the run did not finish");
        try (Stream<Path> all = Files.walk(out)) {
            assertEquals(List.of(), all.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList());
        }
        try (Stream<Path> env0 = Files.list(out.resolve("env_00000"))) {
            assertEquals(5, env0.count(), "env 0 complete: map.png, map.yaml, start_pose.yaml, centerline.csv, road.glb");
        }
    }

    @Test
    void aForcedReExportThatFailsHalfwayLeavesAnIndexThatSaysSoNotTheOldOne() throws IOException {
        Path out = tmp.resolve("out");
        CliRun first = CliRun.run("generate", "--envs", "3", "--seed", "1", "--threads", "1", "--export", "tum",
                "--out-dir", out.toString(), "-q");
        assertEquals(0, first.code(), first.toString());
        assertTrue(index(out).get("complete").asBoolean());
        assertEquals(1, index(out).get("seed").asInt());
        // the second run's env 2 is blocked by a file: it fails after env 0 and 1 got new files
        Path env2 = out.resolve("env_00002");
        if (Files.isDirectory(env2)) {
            try (Stream<Path> f = Files.list(env2)) {
                for (Path p : f.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(env2);
        }
        Files.writeString(env2, "in the way");
        CliRun second = CliRun.run("generate", "--envs", "3", "--seed", "500", "--threads", "1", "--export", "tum",
                "--out-dir", out.toString(), "--force", "-q");
        assertNotEquals(0, second.code(), second.toString());
        JsonNode idx = index(out);
        assertFalse(idx.get("complete").asBoolean(), "an old complete index beside new files: " + idx);
        assertEquals(500, idx.get("seed").asInt());
        assertTrue(idx.get("status").asText().contains("has not finished"), idx.toString());
    }

    @Test
    void anOutputInsideTheOutDirIsRefusedBeforeAnyWork() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        assertRefused(List.of("--export", "tum", "--out-dir", out.toString(), "--out", out.resolve("index.json").toString()),
                "is inside --out-dir");
        assertRefused(List.of("--export", "tum", "--out-dir", out.toString(), "--out",
                out.resolve("env_00000/centerline.csv").toString()), "is inside --out-dir");
        // an empty out-dir and a preview inside it: refused for the clash, not as "not empty"
        assertRefused(List.of("--export", "tum", "--out-dir", out.toString(), "--preview",
                out.resolve("p.png").toString()), "--preview " + out.resolve("p.png") + ": is inside --out-dir");
        assertRefused(List.of("--export", "tum", "--out-dir", out.resolve("sub/..").toString(), "--preview",
                tmp.resolve("out/q.png").toString()), "is inside --out-dir");
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(0, files.count(), "nothing written into the out-dir");
        }
    }

    @Test
    void linksInsideTheOutDirAreReplacedThemselvesAndTheirTargetsLeftAlone() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path victimDir = Files.createDirectories(tmp.resolve("victim-dir"));
        Path victimFile = Files.writeString(tmp.resolve("victim.csv"), "precious\n");
        Files.createSymbolicLink(out.resolve("env_00000"), victimDir);
        Files.createDirectories(out.resolve("env_00001"));
        Files.createSymbolicLink(out.resolve("env_00001/centerline.csv"), victimFile);
        Files.createSymbolicLink(out.resolve("index.json"), victimFile);
        CliRun r = CliRun.run("generate", "--envs", "2", "--seed", "4", "--threads", "1", "--set", "N_max=400",
                "--export", "tum", "--out-dir", out.toString(), "--force", "-q");
        assertEquals(0, r.code(), r.toString());
        try (Stream<Path> f = Files.list(victimDir)) {
            assertEquals(0, f.count(), "written through a linked env folder");
        }
        assertEquals("precious\n", Files.readString(victimFile), "written through a linked file");
        assertFalse(Files.isSymbolicLink(out.resolve("env_00000")));
        assertFalse(Files.isSymbolicLink(out.resolve("index.json")));
        for (JsonNode env : index(out).get("envs")) {
            if (env.get("valid").asBoolean()) {
                for (JsonNode f : env.get("files")) {
                    Path p = out.resolve(f.asText());
                    assertTrue(Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS), p + " is not a real file");
                }
            }
        }
    }

    @Test
    void aWorldScaleTheFormatsCannotHoldIsRefusedBeforeWriting() throws IOException {
        Path out = tmp.resolve("out");
        // known before generating: the road would be narrower than a millimetre
        assertRefused(List.of("--export", "gltf", "--out-dir", out.toString(), "--world-scale", "1e-300"),
                "--world-scale 1.0E-300: makes the road");
        assertFalse(Files.exists(out));
        // known before generating too: the road alone past what float32 meshes hold
        assertRefused(List.of("--export", "gltf,obj", "--out-dir", out.toString(), "--world-scale", "1e39"),
                "--world-scale 1.0E39: makes the road");
        // known from the tracks: a 4400 km road whose tracks reach past 10,000 km from the origin
        CliRun r = CliRun.run("generate", "--envs", "2", "--seed", "1", "--threads", "1", "--export", "gltf,obj",
                "--out-dir", out.toString(), "--world-scale", "2e7");
        assertNotEquals(0, r.code(), r.toString());
        assertEquals(1, r.errorLines().size(), r.toString());
        assertTrue(r.errorLines().get(0).contains("--world-scale 2.0E7: env "), r.toString());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    @Test
    void whatANewUserTriedIsRefusedBeforeAnyWorkNamingTheOptionAtFault() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        // a dangling link whose target is inside the out-dir: followed, so refused
        Path link = Files.createSymbolicLink(tmp.resolve("outside.npz"), out.resolve("index.json"));
        assertRefused(List.of("--export", "tum", "--out-dir", out.toString(), "--out", link.toString()),
                "is inside --out-dir");
        assertRefused(List.of("--export", "gltf", "--out-dir", tmp.resolve("w").toString(), "--mesh-walls", "1e39"),
                "--mesh-walls 1.0E39: walls higher than");
        assertRefused(List.of("--export", "tum", "--out-dir", ""), "--out-dir: no folder name given");
        assertRefused(List.of("--cone-spacing", "3", "--out", tmp.resolve("x.npz").toString()),
                "--cone-spacing 3.0: applies to --export only");
        assertRefused(List.of("--pgm"), "--pgm: applies to --export only");
        assertRefused(List.of("--export", "f1tenth", "--out-dir", tmp.resolve("s").toString(), "--world-scale", "1e39"),
                "--world-scale 1.0E39: makes the road");
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(0, files.count(), "nothing written into the out-dir");
        }
    }

    private void assertRefused(List<String> exportArgs, String expected) {
        List<String> args = new ArrayList<>(List.of("generate", "--envs", "2"));
        args.addAll(exportArgs);
        CliRun r = CliRun.run(args.toArray(String[]::new));
        assertNotEquals(0, r.code(), r.toString());
        assertEquals(1, r.errorLines().size(), r.toString());
        assertTrue(r.errorLines().get(0).contains(expected), "expected '" + expected + "' in: " + r.errorLines());
        assertFalse(r.err().contains("generating"), "refused before any work: " + r.err());
    }
}
