package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.pipeline.HeightfieldOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MuJoCo itself loads the {@code mjcf} export: a small C program (test resource
 * {@code mujoco/mjload.c}) compiled against Debian's {@code libmujoco-dev} (which
 * scripts/provision-test-tools.sh installs) calls {@code mj_loadXML} on the written model and prints
 * the compiled hfield; its vertices ({@code pos + elevation_z * data}) must be the baked heights.
 */
class MujocoLoaderTest {
    private static final Path HEADER = Path.of("/usr/include/mujoco/mujoco.h");

    @TempDir
    Path dir;

    @Test
    void mujocoCompilesTheExportedHfieldToTheBakedHeights() throws Exception {
        assertTrue(Files.isRegularFile(HEADER), "this test needs Debian's libmujoco-dev (" + HEADER
                + "): scripts/provision-test-tools.sh installs it");
        Path src = dir.resolve("mjload.c");
        try (InputStream in = MujocoLoaderTest.class.getResourceAsStream("/mujoco/mjload.c")) {
            Files.write(src, in.readAllBytes());
        }
        Path exe = dir.resolve("mjload");
        run(dir, "gcc", src.toString(), "-o", exe.toString(), "-lmujoco");
        TrackSnapshot s = TestTracks.elevatedBatch();
        int env = TestTracks.validEnvs(s)[0];
        ExportSettings set = ExportSettings.builder().heightfield(HeightfieldOptions.builder().resolution(40).build()).build();
        ExportContext c = new ExportContext(WorldTrack.of(s, env, 11), "env_" + env, set);
        for (ExportFile f : ExportFormats.get("mjcf").files(set)) {
            f.writer().write(c, dir.resolve(f.name()));
        }
        String out = run(dir, exe.toString(), dir.resolve(TrackExporter.HEIGHTFIELD_MJCF).toString());
        String[] lines = out.strip().split("\n");
        assertEquals("nhfield 1", lines[0], out);
        assertEquals("nrow 40 ncol 40", lines[1]);
        String[] size = lines[2].split(" ");
        String[] pos = lines[3].split(" ");
        double elev = Double.parseDouble(size[3]);
        double pz = Double.parseDouble(pos[3]);
        TerrainGrid g = c.terrain();
        assertEquals(g.x(0), Double.parseDouble(pos[1]) - Double.parseDouble(size[1]), 1e-5 * g.side());
        assertEquals(g.y(39), Double.parseDouble(pos[2]) + Double.parseDouble(size[2]), 1e-5 * g.side());
        assertEquals(40 * 40, lines.length - 4);
        for (int k = 0; k < 40 * 40; k++) {
            double z = pz + elev * Double.parseDouble(lines[4 + k]);
            assertEquals(g.height()[k], z, 1e-5 * (1 + g.zMax() - g.zMin()), "sample " + k);
        }
    }

    private static String run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", cmd) + " did not finish");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
