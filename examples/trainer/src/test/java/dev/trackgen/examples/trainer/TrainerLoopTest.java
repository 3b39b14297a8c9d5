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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example trainer runs, ends episodes both ways, regenerates and draws. */
class TrainerLoopTest {

    @Test
    void scriptedAgentsCompleteLapsLeaveTheRoadAndTheRunIsDrawn(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TrainerLoop loop = new TrainerLoop(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        Path png = dir.resolve("episodes.png");
        int code = TrainerLoop.commandLine(loop).execute("--envs", "24", "--steps", "500", "--threads", "1", "--panels", "3",
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

    private static String[] failing(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = TrainerLoop.commandLine(new TrainerLoop(new PrintStream(new ByteArrayOutputStream())));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new String[] {String.valueOf(code), err.toString()};
    }

    @Test
    void badOptionsAreRefusedWithOneLineNamingTheOption(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {"--envs", "0"}, {"--envs", "-3"}, {"--dt", "0"}, {"--dt", "Infinity"}, {"--max-episode-steps", "0"},
            {"--picture", dir.resolve("p.jpg").toString()}, {"--picture", dir.toString()},
        };
        java.nio.file.Files.writeString(dir.resolve("file"), "x");
        for (String[] args : cases) {
            String[] r = failing(args);
            assertEquals("2", r[0], String.join(" ", args) + ": " + r[1]);
            String first = r[1].lines().findFirst().orElse("");
            assertTrue(first.contains(args[0]), "the first line names " + args[0] + ": " + r[1]);
        }
        String[] under = failing("--picture", dir.resolve("file").resolve("p.png").toString(), "--steps", "1");
        assertEquals("2", under[0], under[1]);
        assertTrue(under[1].contains("is not a folder"), under[1]);
        String[] unknown = failing("--generator", "nosuch", "--envs", "2", "--steps", "1", "--panels", "0");
        assertEquals("1", unknown[0], unknown[1]);
        assertTrue(unknown[1].startsWith("trainer-example: error: unknown generator 'nosuch'"), unknown[1]);
        assertTrue(!unknown[1].contains("\tat "), "no stack trace: " + unknown[1]);
    }

    /**
     * Outputs are proven before any work by creating the picture's temporary file beside it:
     * {@code /proc} passes every permission test for root yet takes no new file, and a link to a
     * device names no picture. Each is refused with one line naming --picture, and nothing runs.
     */
    @Test
    void aPictureThatCannotBeWrittenIsRefusedBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path device = java.nio.file.Files.createSymbolicLink(dir.resolve("device.png"), Path.of("/dev/null"));
        String[][] cases = {
            {"/proc/x.png", "--picture /proc/x.png: cannot write in /proc (it takes no new file)"},
            {device.toString(), "--picture " + device + ": exists and is not a regular file"},
        };
        for (String[] c : cases) {
            StringWriter err = new StringWriter();
            TrainerLoop loop = new TrainerLoop(new PrintStream(new ByteArrayOutputStream()));
            CommandLine cl = TrainerLoop.commandLine(loop);
            cl.setErr(new PrintWriter(err, true));
            int code = cl.execute("--envs", "8", "--steps", "300", "--threads", "1", "--picture", c[0]);
            assertEquals(2, code, err::toString);
            String first = err.toString().lines().findFirst().orElse("");
            assertTrue(first.startsWith(c[1]), first);
            assertTrue(!err.toString().contains("\tat "), "no stack trace: " + err);
            assertNull(loop.summary(), "refused before the loop ran");
        }
        assertTrue(java.nio.file.Files.isSymbolicLink(device), "the link is left as it was");
        try (var files = java.nio.file.Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file is left behind");
        }
    }

    @Test
    void thePictureIsMovedIntoPlaceAndNoTemporaryFileStays(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("sub").resolve("run.png");
        TrainerLoop loop = new TrainerLoop(new PrintStream(new ByteArrayOutputStream()));
        int code = TrainerLoop.commandLine(loop).execute("--envs", "8", "--steps", "300", "--threads", "1",
                "--panels", "2", "--picture", png.toString());
        assertEquals(0, code);
        try (var files = java.nio.file.Files.list(png.getParent())) {
            assertEquals(java.util.List.of(png), files.toList());
        }
    }

    @Test
    void collisionNamesAreReadInAnyCase(@TempDir Path dir) {
        TrainerLoop loop = new TrainerLoop(new PrintStream(new ByteArrayOutputStream()));
        int code = TrainerLoop.commandLine(loop).execute("--envs", "4", "--steps", "50", "--collision", "none",
                "--panels", "0", "--threads", "1");
        assertEquals(0, code);
        assertEquals(4L * 50, loop.summary().envSteps());
    }
}
