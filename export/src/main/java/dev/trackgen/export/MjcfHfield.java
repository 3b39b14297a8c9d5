package dev.trackgen.export;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A MuJoCo model (MJCF) holding the terrain as an {@code hfield} asset and a static {@code hfield}
 * geom, to load on its own or to paste into a scene (docs/elevation.md, "Exports").
 *
 * <p>The rules it follows are MuJoCo's compiler's ({@code mjCHField::Compile}, {@code LoadCustom}
 * in src/user/user_objects.cc, and the XML reference): {@code size = "radius_x radius_y
 * elevation_z base_z"}, every value {@code > 0}; an hfield given by {@code file} must not also give
 * {@code nrow} / {@code ncol} (they come from the file); the elevation data is rescaled to
 * {@code [0, 1]} (min-max) and multiplied by {@code elevation_z}; its {@code ncol x nrow} samples
 * span {@code [-radius_x, radius_x] x [-radius_y, radius_y]} around the geom, corner to corner, row
 * 0 at {@code -y}. So here {@code radius = (R - 1) cell / 2} (sample centers of the outer cells on
 * the edge), the geom sits at the grid's center with {@code z = zMin}, {@code elevation_z = zMax -
 * zMin} (1e-6 on a flat grid, whose data MuJoCo leaves at 0), {@code base_z} the depth of the solid
 * under the lowest point ({@code max(elevation_z, 10 cell)}). MuJoCo is Z up; the track's plane is
 * its {@code (x, y)}.
 */
public final class MjcfHfield {
    private MjcfHfield() {
    }

    /**
     * @param g       the grid
     * @param name    the asset and geom name (for example {@code env_00007})
     * @param binFile the hfield file's name, relative to the model (MuJoCo's custom binary format)
     * @param file    where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(TerrainGrid g, String name, String binFile, Path file) throws IOException {
        double radius = 0.5 * (g.resolution() - 1) * g.cell();
        double range = g.zMax() - g.zMin();
        double elevation = range > 0 ? range : 1e-6;
        double base = Math.max(elevation, 10 * g.cell());
        double cx = g.originX() + 0.5 * g.side();
        double cy = g.originY() + 0.5 * g.side();
        String id = xml(name == null ? "terrain" : name) + "_terrain";
        String s = String.format(Locale.ROOT, "<mujoco model=\"%s\">\n  <!-- trackgen terrain heightfield, metres, Z up -->\n"
                        + "  <asset>\n    <hfield name=\"%s\" file=\"%s\" size=\"%s %s %s %s\"/>\n  </asset>\n"
                        + "  <worldbody>\n    <geom name=\"%s\" type=\"hfield\" hfield=\"%s\" pos=\"%s %s %s\"/>\n"
                        + "  </worldbody>\n</mujoco>\n",
                id, id, xml(binFile), num(radius), num(radius), num(elevation), num(base), id, id, num(cx), num(cy),
                num(g.zMin()));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(s);
        }
    }

    private static String num(double v) {
        return HeightmapWriter.num(v);
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
