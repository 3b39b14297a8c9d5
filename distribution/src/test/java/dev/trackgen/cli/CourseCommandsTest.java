package dev.trackgen.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code generate --preview-course} and {@code progress-figure}: the course module's pictures. */
class CourseCommandsTest {
    @TempDir
    Path dir;

    /** @return pixels close to the checkpoint blue (0x1A73E8) */
    private static int bluePixels(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                if (b > 180 && r < 80 && g > 80 && g < 150) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void thePreviewDrawsCheckpointsOnlyWhenAsked() throws IOException {
        Path plain = dir.resolve("plain.png");
        Path course = dir.resolve("course.png");
        CliRun a = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "-q", "--preview", plain.toString());
        CliRun b = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "-q", "--preview", course.toString(),
                "--preview-course");
        assertEquals(0, a.code(), a::toString);
        assertEquals(0, b.code(), b::toString);
        BufferedImage p = ImageIO.read(plain.toFile());
        BufferedImage c = ImageIO.read(course.toFile());
        assertEquals(p.getWidth(), c.getWidth());
        assertEquals(0, bluePixels(p), "no checkpoints on a plain preview");
        assertTrue(bluePixels(c) > 4 * 20, "checkpoint cross-sections on every track: " + bluePixels(c));
    }

    @Test
    void theProgressFigureIsWritten() throws IOException {
        Path out = dir.resolve("progress.png");
        CliRun run = CliRun.run("progress-figure", "--seed", "3", "--laps", "1", "--out", out.toString());
        assertEquals(0, run.code(), run::toString);
        BufferedImage img = ImageIO.read(out.toFile());
        assertEquals(900, img.getWidth());
        assertTrue(bluePixels(img) > 50, "checkpoints drawn");
    }

    @Test
    void badCourseOptionsFailWithOneLine() {
        CliRun noPreview = CliRun.run("generate", "--envs", "2", "--runtime", "cpu", "--preview-course");
        assertTrue(noPreview.code() != 0, noPreview::toString);
        assertTrue(noPreview.err().contains("--preview-course needs --preview"), noPreview.err());
        CliRun laps = CliRun.run("progress-figure", "--laps", "0", "--out", dir.resolve("x.png").toString());
        assertTrue(laps.code() != 0 && laps.err().contains("--laps 0"), laps::toString);
        CliRun missing = CliRun.run("progress-figure", "--out", dir.resolve("no/such/p.png").toString());
        assertTrue(missing.code() == 1 && missing.err().contains("does not exist"), missing::toString);
        CliRun folder = CliRun.run("progress-figure", "--out", dir.toString());
        assertTrue(folder.code() == 1 && folder.err().contains("is a directory"), folder::toString);
        CliRun jpeg = CliRun.run("generate", "--envs", "2", "--runtime", "cpu", "--preview",
                dir.resolve("p.jpg").toString());
        assertTrue(jpeg.code() != 0 && jpeg.err().contains("pictures are written as PNG"), jpeg::toString);
        assertTrue(!Files.exists(dir.resolve("p.jpg")), "nothing written under a name that says JPEG");
        CliRun chart = CliRun.run("progress-figure", "--out", dir.resolve("p.gif").toString());
        assertTrue(chart.code() != 0 && chart.err().contains("--out"), chart::toString);
    }
}
