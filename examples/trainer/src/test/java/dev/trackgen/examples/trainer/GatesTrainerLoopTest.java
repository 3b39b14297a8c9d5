package dev.trackgen.examples.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gates trainer example runs small: drones pass gates, finish laps, miss gates or hit frames, and it draws. */
class GatesTrainerLoopTest {
    @Test
    void scriptedDronesPassGatesFinishLapsAndFailTheOtherWays(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GatesTrainerLoop loop = new GatesTrainerLoop(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        Path png = dir.resolve("sub/gates.png");
        int code = GatesTrainerLoop.commandLine(loop).execute("--envs", "48", "--steps", "500", "--threads", "1",
                "--panels", "3", "--picture", png.toString());
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        GatesTrainerLoop.Summary s = loop.summary();
        assertNotNull(s);
        assertEquals(48L * 500, s.envSteps());
        assertTrue(s.gatesPassed() > 48, "drones fly through gates: " + out);
        assertTrue(s.laps() > 0, "careful drones finish laps: " + out);
        assertTrue(s.misses() + s.hits() > 0, "eager drones miss gates or hit frames: " + out);
        assertTrue(s.gatesPassed() >= 3 * s.laps(), "a lap passes every gate (at least 3): " + out);
        assertTrue(out.contains("env-steps/s") && out.contains("gate misses"), out);
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "a PNG was written");
        assertEquals(3 * 360, img.getWidth());
    }

    @Test
    void aPlaneCrossingIsForwardAndNearTheGate() {
        float[] gate = {0, 0, 1};
        float[] quat = {0, 0, 0, 1}; // forward +x
        assertTrue(GatesTrainerLoop.crossesPlane(new float[] {-0.01f, 0.3f, 1}, new float[] {0.01f, 0.3f, 1}, 0, gate, quat, 0));
        assertTrue(!GatesTrainerLoop.crossesPlane(new float[] {0.01f, 0, 1}, new float[] {-0.01f, 0, 1}, 0, gate, quat, 0),
                "backwards is no crossing");
        assertTrue(!GatesTrainerLoop.crossesPlane(new float[] {-0.01f, 3, 1}, new float[] {0.01f, 3, 1}, 0, gate, quat, 0),
                "far from the gate is no crossing of it");
        float[] q = LineFollower.yawPitch(0, 1, 0);
        assertEquals(Math.sqrt(0.5), q[2], 1e-6, "yaw of +90 degrees");
        assertEquals(Math.sqrt(0.5), q[3], 1e-6);
    }
}
