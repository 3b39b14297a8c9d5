package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.pipeline.HeightfieldOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The terrain files (docs/elevation.md, "Heightfield exports") read back the way their consumers
 * read them: the 16-bit PNG through ImageIO with its JSON metadata, MuJoCo's hfield through the
 * rules of its compiler ({@code mjCHField::Compile}, {@code LoadCustom}: header, exact size, min-max
 * rescale, samples corner to corner over {@code [-radius, radius]}, positive {@code size}, no
 * {@code nrow}/{@code ncol} beside {@code file}), each reconstructing the baked heights.
 */
class HeightfieldExportTest {
    @TempDir
    Path dir;

    private static final HeightfieldOptions OPT = HeightfieldOptions.builder().resolution(48).build();

    private TerrainGrid grid() {
        TrackSnapshot s = TestTracks.elevatedBatch();
        return TerrainGrid.of(WorldTrack.of(s, TestTracks.validEnvs(s)[0], 11), OPT, 11);
    }

    @Test
    void thePngAndItsMetadataGiveTheHeightsBack() throws Exception {
        TerrainGrid g = grid();
        assertTrue(g.zMax() > g.zMin(), "an elevated track's terrain is not level");
        Path png = dir.resolve("h.png");
        Path json = dir.resolve("h.json");
        HeightmapWriter.png(g, png);
        HeightmapWriter.json(g, "h.png", json);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(16, img.getColorModel().getPixelSize(), "16-bit grey");
        assertEquals(1, img.getRaster().getNumBands());
        JsonNode m = new ObjectMapper().readTree(json.toFile());
        int r = m.get("size").get(0).asInt();
        assertEquals(48, r);
        assertEquals(r, img.getWidth());
        assertEquals(r, img.getHeight());
        double zMin = m.get("z_min").asDouble();
        double scale = m.get("scale").asDouble();
        double cell = m.get("cell").asDouble();
        assertEquals(g.cell(), cell, 1e-12);
        assertEquals(g.originX() + 0.5 * r * cell, m.get("center").get(0).asDouble(), 1e-9);
        assertEquals("+y", m.get("top_row").asText());
        Raster ras = img.getRaster();
        for (int row = 0; row < r; row++) {
            for (int c = 0; c < r; c++) {
                double h = zMin + scale * ras.getSample(c, r - 1 - row, 0);
                assertEquals(g.height()[row * r + c], h, 0.51 * scale + 1e-9, "pixel (" + c + ", " + row + ")");
            }
        }
    }

    @Test
    void mujocoReadsTheHfieldModelBackToTheBakedHeights() throws Exception {
        TerrainGrid g = grid();
        Path bin = dir.resolve("heightfield.bin");
        Path xml = dir.resolve("model.xml");
        HeightmapWriter.mujocoBin(g, bin);
        MjcfHfield.write(g, "env_1", "heightfield.bin", xml);
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        assertEquals("mujoco", doc.getDocumentElement().getTagName());
        Element hf = (Element) doc.getElementsByTagName("hfield").item(0);
        Element geom = (Element) doc.getElementsByTagName("geom").item(0);
        assertEquals("hfield", geom.getAttribute("type"));
        assertEquals(hf.getAttribute("name"), geom.getAttribute("hfield"));
        // Compile: "specified from file and manually" is refused
        assertFalse(hf.hasAttribute("nrow") || hf.hasAttribute("ncol"));
        String[] sz = hf.getAttribute("size").trim().split("\\s+");
        assertEquals(4, sz.length);
        double[] size = new double[4];
        for (int i = 0; i < 4; i++) {
            size[i] = Double.parseDouble(sz[i]);
            assertTrue(size[i] > 0, "size parameter is not positive: " + hf.getAttribute("size"));
        }
        String[] pos = geom.getAttribute("pos").trim().split("\\s+");
        double px = Double.parseDouble(pos[0]);
        double py = Double.parseDouble(pos[1]);
        double pz = Double.parseDouble(pos[2]);
        // LoadCustom: int nrow, int ncol, then exactly nrow*ncol floats
        byte[] raw = Files.readAllBytes(dir.resolve(hf.getAttribute("file")));
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        int nrow = b.getInt();
        int ncol = b.getInt();
        assertTrue(nrow >= 1 && ncol >= 1);
        assertEquals(nrow * ncol * 4L + 8, raw.length, "unexpected file size");
        float[] data = new float[nrow * ncol];
        float emin = 1e10f;
        float emax = -1e10f;
        for (int i = 0; i < data.length; i++) {
            data[i] = b.getFloat();
            emin = Math.min(emin, data[i]);
            emax = Math.max(emax, data[i]);
        }
        for (int i = 0; i < data.length; i++) {
            data[i] -= emin;
            if (emax - emin > 1e-15f) {
                data[i] /= emax - emin;
            }
        }
        // the surface MuJoCo builds: vertex (c, r) at pos + (-rx + 2 rx c / (ncol - 1), -ry + 2 ry r / (nrow - 1), elev * data)
        int r = g.resolution();
        for (int row = 0; row < nrow; row++) {
            for (int c = 0; c < ncol; c++) {
                double x = px - size[0] + 2 * size[0] * c / (ncol - 1);
                double y = py - size[1] + 2 * size[1] * row / (nrow - 1);
                double z = pz + size[2] * data[row * ncol + c];
                assertEquals(g.x(c), x, 1e-6 * g.side());
                assertEquals(g.y(row), y, 1e-6 * g.side());
                assertEquals(g.height()[row * r + c], z, 1e-5 * (1 + g.zMax() - g.zMin()));
            }
        }
    }

    @Test
    void theFormatsAreRegisteredAndWriteTheirFiles() throws Exception {
        TrackSnapshot s = TestTracks.elevatedBatch();
        int env = TestTracks.validEnvs(s)[0];
        ExportSettings set = ExportSettings.builder().heightfield(OPT).build();
        ExportContext c = new ExportContext(WorldTrack.of(s, env, 11), "env_" + env, set);
        for (String id : new String[] {"heightfield", "mjcf", "terrain"}) {
            for (ExportFile f : ExportFormats.get(id).files(set)) {
                Path p = dir.resolve(id + "-" + f.name());
                f.writer().write(c, p);
                assertTrue(Files.size(p) > 0, p.toString());
            }
        }
        assertTrue(Files.size(dir.resolve("mjcf-" + TrackExporter.HEIGHTFIELD_BIN)) == 8 + 4L * 48 * 48);
    }
}
