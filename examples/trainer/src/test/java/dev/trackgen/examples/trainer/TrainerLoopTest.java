package dev.trackgen.examples.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example trainer runs, ends episodes both ways, regenerates and draws. */
class TrainerLoopTest {

    @Test
    void scriptedAgentsCompleteLapsLeaveTheRoadAndTheRunIsDrawn(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TrainerLoop loop = new TrainerLoop(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        Path png = dir.resolve("episodes.png");
        int code = new CommandLine(loop).execute("--envs", "24", "--steps", "500", "--threads", "1", "--panels", "3",
                "--picture", png.toString());
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        TrainerLoop.Summary s = loop.summary();
        assertNotNull(s);
        assertEquals(24L * 500, s.envSteps());
        assertTrue(s.laps() > 0, "cautious drivers finish laps: " + out);
        assertTrue(s.offRoad() > 0, "greedy drivers leave the road: " + out);
        assertTrue(out.contains("env-steps/s") && out.contains("laps"), out);
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "a PNG was written");
        assertEquals(3 * 360, img.getWidth());
    }

    @Test
    void badOptionsAreRefusedWithOneLine() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new TrainerLoop(new PrintStream(new ByteArrayOutputStream())));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("--envs", "0");
        assertEquals(2, code);
        assertTrue(err.toString().contains("--envs"), "stderr: " + err);
        assertTrue(err.toString().lines().findFirst().orElse("").contains("--envs"), "the first line says what is wrong: " + err);
    }
}
