package dev.trackgen.cli.output;

import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The renderer alone, on synthetic circles: layout, road pixels and the invalid marking. */
class PreviewRendererTest {
    @TempDir
    Path dir;

    @Test
    void gridLayout() {
        PreviewRenderer r = new PreviewRenderer();
        assertEquals(36, r.shown(4096));
        assertEquals(6, r.columns(4096));
        assertEquals(6, r.rows(4096));
        assertEquals(1200, r.width(4096));
        assertEquals(40 + 1200, r.height(4096));
        assertEquals(3, r.columns(7));
        assertEquals(3, r.rows(7));
        assertEquals(1, r.rows(1));
        assertThrows(IllegalArgumentException.class, () -> new PreviewRenderer(0, 200));
    }

    @Test
    void pngDecodesWithTheExpectedSizeAndDrawsEveryTrack() throws IOException {
        TrackSnapshot s = Snapshots.circles(4, 64, 3);
        PreviewRenderer r = new PreviewRenderer(36, 100);
        Path f = dir.resolve("p.png");
        r.write(r.render(s, "test batch"), f);

        BufferedImage img = ImageIO.read(f.toFile());
        assertNotNull(img, "a decodable PNG");
        assertEquals(r.width(4), img.getWidth());
        assertEquals(r.height(4), img.getHeight());
        // 2 x 2 grid of 100-pixel cells below the title; env 3 (bottom right) is invalid.
        for (int env = 0; env < 4; env++) {
            int x0 = (env % 2) * 100;
            int y0 = PreviewRenderer.TITLE_HEIGHT + (env / 2) * 100;
            int road = count(img, x0, y0, 100, 100, 0x8E959C);
            int redRoad = count(img, x0, y0, 100, 100, 0xE0837F);
            int tint = count(img, x0, y0, 100, 100, 0xFDE2E2);
            if (env == 3) {
                assertTrue(redRoad > 150, "invalid track drawn in red, got " + redRoad);
                assertTrue(tint > 1000, "invalid cell tinted, got " + tint);
                assertEquals(0, road);
            } else {
                assertTrue(road > 150, "road band of env " + env + " drawn, got " + road);
                assertEquals(0, redRoad + tint, "valid cell " + env + " has no red");
            }
        }
        assertTrue(count(img, 0, 0, img.getWidth(), PreviewRenderer.TITLE_HEIGHT, -1) > 50, "title text drawn");
    }

    @Test
    void elevatedTracksShowTheirHeightsAndFlatOnesKeepTheDashedCenterline() {
        TrackSnapshot lifted = Snapshots.lifted(1, 64, -1);
        TrackSnapshot flat = Snapshots.circles(1, 64, -1);
        assertNull(PreviewRenderer.heightRange(flat, 0, flat.count()[0]));
        float[] zr = PreviewRenderer.heightRange(lifted, 0, lifted.count()[0]);
        assertEquals(0f, zr[0]);
        assertEquals(0.63f, zr[1], 1e-6f);
        PreviewRenderer r = new PreviewRenderer(36, 200);
        BufferedImage up = r.render(lifted, "lifted");
        BufferedImage level = r.render(flat, "flat");
        int low = PreviewRenderer.heightColor(0).getRGB() & 0xFFFFFF;
        int high = PreviewRenderer.heightColor(1).getRGB() & 0xFFFFFF;
        int y0 = PreviewRenderer.TITLE_HEIGHT;
        assertTrue(count(up, 0, y0, 200, 200, low) > 10, "lowest height colour drawn");
        assertTrue(count(up, 0, y0, 200, 200, high) > 10, "highest height colour drawn");
        assertEquals(0, count(level, 0, y0, 200, 200, low) + count(level, 0, y0, 200, 200, high), "no height colours");
    }

    /**
     * A road whose width varies: one circle whose right half (x > 0) is three times as wide as its
     * left half. The preview fills between the borders, so the right half of the cell has more
     * road pixels than the left.
     */
    @Test
    void aRoadOfVaryingWidthIsDrawnBetweenItsBorders() {
        TrackSnapshot s = Snapshots.circles(1, 128, -1);
        for (int i = 0; i < s.count()[0]; i++) {
            int p = 2 * i;
            double cx = s.center()[p];
            double cy = s.center()[p + 1];
            double w = cx > 0 ? 0.3 : 0.1;
            s.outer()[p] = (float) ((1 + w) * cx);
            s.outer()[p + 1] = (float) ((1 + w) * cy);
            s.inner()[p] = (float) ((1 - w) * cx);
            s.inner()[p + 1] = (float) ((1 - w) * cy);
            s.leftHalfWidth()[i] = (float) w;
            s.rightHalfWidth()[i] = (float) w;
        }
        BufferedImage img = new PreviewRenderer(1, 200).render(s, "widths");
        int y0 = PreviewRenderer.TITLE_HEIGHT;
        int left = count(img, 0, y0, 100, 200, 0x8E959C);
        int right = count(img, 100, y0, 100, 200, 0x8E959C);
        assertTrue(left > 100, "road drawn on the narrow side, got " + left);
        assertTrue(right > 2 * left, "the wide half has more road: " + right + " vs " + left);
    }

    @Test
    void invalidTracksBeyondTheFirstCellsAreShownToo() {
        PreviewRenderer r = new PreviewRenderer(8, 100);
        TrackSnapshot s = Snapshots.circles(100, 16, -1);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, r.select(s), "all valid: the first tracks");
        for (int env : new int[] {2, 40, 50, 60, 70}) {
            s.valid()[env] = 0;
        }
        // A quarter of 8 cells is 2; env 2 is already shown, so one more: env 40.
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 40}, r.select(s));
        s.valid()[2] = 1;
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 40, 50}, r.select(s));
        BufferedImage img = r.render(s, "t");
        // 3 x 3 grid: cells 6 and 7 (row 2, columns 0 and 1) hold the invalid envs 40 and 50.
        assertTrue(count(img, 0, PreviewRenderer.TITLE_HEIGHT + 200, 100, 100, 0xFDE2E2) > 1000);
        assertTrue(count(img, 100, PreviewRenderer.TITLE_HEIGHT + 200, 100, 100, 0xFDE2E2) > 1000);
        assertEquals(0, count(img, 200, PreviewRenderer.TITLE_HEIGHT + 100, 100, 100, 0xFDE2E2));
        assertEquals(3, r.select(Snapshots.circles(3, 16, 1)).length);
    }

    @Test
    void tracksWithoutPointsAreDrawnAsEmptyCells() {
        TrackSnapshot s = new TrackSnapshot(2, 8);
        java.util.Arrays.fill(s.center(), Float.NaN);
        java.util.Arrays.fill(s.outer(), Float.NaN);
        java.util.Arrays.fill(s.inner(), Float.NaN);
        BufferedImage img = new PreviewRenderer(36, 100).render(s, "empty");
        assertEquals(0, count(img, 0, PreviewRenderer.TITLE_HEIGHT, 200, 100, 0x8E959C));
        assertFalse(count(img, 0, PreviewRenderer.TITLE_HEIGHT, 200, 100, 0xFDE2E2) == 0,
                "count 0 and valid 0: the cells are marked invalid");
    }

    /**
     * @param rgb an exact colour, or -1 for "any pixel that is not the page background or white"
     */
    static int count(BufferedImage img, int x0, int y0, int w, int h, int rgb) {
        int n = 0;
        for (int y = y0; y < y0 + h && y < img.getHeight(); y++) {
            for (int x = x0; x < x0 + w && x < img.getWidth(); x++) {
                int p = img.getRGB(x, y) & 0xFFFFFF;
                if (rgb == -1 ? p != (PreviewRenderer.BACKGROUND.getRGB() & 0xFFFFFF) && p != 0xFFFFFF : p == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}
