package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every exported {@code road.obj} imports in the Open Asset Import Library's own command-line tool
 * ({@code assimp info FILE -vds}: import with its data-structure validation; Debian's
 * {@code assimp-utils}, which the README's test command installs) with the road and wall meshes at
 * the expected vertex and triangle counts.
 */
class ObjAssimpTest {
    private static final Path ASSIMP = Path.of("/usr/bin/assimp");
    private static final Pattern MESH = Pattern.compile("\\d+ \\((road|walls|terrain)\\): \\[(\\d+) / 0 / (\\d+) \\| triangle\\]");

    @TempDir
    Path dir;

    @Test
    void assimpImportsAndValidatesEveryObjMesh() throws Exception {
        assertTrue(Files.isExecutable(ASSIMP), "this test needs Debian's assimp-utils (/usr/bin/assimp): "
                + "scripts/provision-test-tools.sh installs it");
        for (TrackSnapshot s : new TrackSnapshot[] {TestTracks.batch(), TestTracks.elevatedBatch()}) {
        String kind = s == TestTracks.batch() ? "flat" : "elevated";
        for (int env : TestTracks.validEnvs(s)) {
            for (double walls : new double[] {0, 0.3}) {
                WorldTrack t = WorldTrack.of(s, env, 11);
                Path f = dir.resolve(kind + "-env" + env + "-" + walls + ".obj");
                ObjWriter.write(RoadMesh.of(t, walls, UpAxis.Z), "env_" + env, f);
                Process p = new ProcessBuilder(ASSIMP.toString(), "info", f.toString(), "-vds").redirectErrorStream(true)
                        .start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "assimp did not finish");
                assertEquals(0, p.exitValue(), out);
                int n = t.size();
                Matcher m = MESH.matcher(out);
                int meshes = 0;
                while (m.find()) {
                    meshes++;
                    int vertices = Integer.parseInt(m.group(2));
                    int faces = Integer.parseInt(m.group(3));
                    assertEquals(3 * faces, vertices, "the importer un-indexes triangles: " + out);
                    if (m.group(1).equals("road")) {
                        assertEquals(2 * n, faces, out);
                    } else {
                        assertEquals(8 * n, faces, "two triangles per quad, a face each way, on both walls: " + out);
                    }
                }
                assertEquals(walls > 0 ? 2 : 1, meshes, out);
            }
        }
        }
    }

    @Test
    void assimpImportsAndValidatesTheTerrainMesh() throws Exception {
        assertTrue(Files.isExecutable(ASSIMP), "this test needs Debian's assimp-utils (/usr/bin/assimp): "
                + "scripts/provision-test-tools.sh installs it");
        TrackSnapshot s = TestTracks.elevatedBatch();
        int env = TestTracks.validEnvs(s)[0];
        ExportSettings set = ExportSettings.builder().upAxis(UpAxis.Z)
                .heightfield(dev.trackgen.pipeline.HeightfieldOptions.builder().resolution(24).build()).build();
        ExportContext c = new ExportContext(WorldTrack.of(s, env, 11), "env_" + env, set);
        Path f = dir.resolve("terrain.obj");
        ExportFormats.get("terrain").files(set).stream().filter(x -> x.name().equals(TrackExporter.TERRAIN_OBJ))
                .findFirst().orElseThrow().writer().write(c, f);
        Process p = new ProcessBuilder(ASSIMP.toString(), "info", f.toString(), "-vds").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "assimp did not finish");
        assertEquals(0, p.exitValue(), out);
        Matcher m = MESH.matcher(out);
        assertTrue(m.find(), out);
        assertEquals("terrain", m.group(1), out);
        assertEquals(2 * 23 * 23, Integer.parseInt(m.group(3)), "two triangles per grid square: " + out);
    }
}
