package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Road meshes read back with jgltf's reader (.glb) and a plain OBJ parser: vertices on the borders,
 * road triangles facing up, walls vertical and facing their normals; and a rendered picture that
 * shows the road from above (back faces culled).
 */
class RoadMeshTest {
    private static final double SCALE = 11;
    private static final double WALL = 0.4;

    @TempDir
    Path dir;

    private Path export(int env, UpAxis up, double wallHeight, String file) throws IOException {
        ExportSettings s = ExportSettings.builder().worldScale(SCALE).wallHeight(wallHeight).upAxis(up).build();
        Path d = Files.createDirectories(dir.resolve(up + "-" + wallHeight + "-" + env));
        new TrackExporter(ExportFormats.parseList("gltf,obj"), s)
                .write(WorldTrack.of(TestTracks.batch(), env, SCALE), "env_" + env, d::resolve);
        return d.resolve(file);
    }

    @Test
    void anElevatedRoadLiesAtItsBorderHeightsWithUnitNormalsFacingUp() {
        TrackSnapshot s = TestTracks.elevatedBatch();
        int env = TestTracks.validEnvs(s)[0];
        WorldTrack t = WorldTrack.of(s, env, 11);
        assertFalse(t.flat(), "the elevated batch climbs");
        RoadMesh mesh = RoadMesh.of(t, 0.3, UpAxis.Z);
        float[] pos = mesh.road().positions();
        float[] nor = mesh.road().normals();
        double zSpan = 0;
        for (int i = 0; i < t.size(); i++) {
            // ring i: right border vertex, then left
            assertEquals((float) t.rightZ()[i], pos[3 * (2 * i) + 2], "right border height at " + i);
            assertEquals((float) t.leftZ()[i], pos[3 * (2 * i + 1) + 2], "left border height at " + i);
            double nx = nor[3 * 2 * i];
            double ny = nor[3 * 2 * i + 1];
            double nz = nor[3 * 2 * i + 2];
            assertEquals(1, Math.sqrt(nx * nx + ny * ny + nz * nz), 1e-5, "unit normal at " + i);
            assertTrue(nz > 0.8, "the road faces up at " + i + ": " + nz);
            zSpan = Math.max(zSpan, Math.abs(t.centerZ()[i] - t.centerZ()[0]));
        }
        assertTrue(zSpan > 0.3, "heights in metres reach " + zSpan);
        // the walls stand on the borders
        float[] w = mesh.walls().positions();
        assertEquals((float) t.leftZ()[0], w[2]);
        assertEquals((float) (t.leftZ()[0] + 0.3), w[5]);
        // a flat track keeps the ground plane and the straight-up normal
        WorldTrack flat = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], 11);
        assertTrue(flat.flat());
        RoadMesh level = RoadMesh.of(flat, 0, UpAxis.Z);
        for (int v = 0; v < level.road().vertexCount(); v++) {
            assertEquals(0f, level.road().positions()[3 * v + 2]);
            assertEquals(1f, level.road().normals()[3 * v + 2]);
        }
    }

    @ParameterizedTest
    @EnumSource(UpAxis.class)
    void glbAndObjVerticesLieOnTheBordersAndTheRoadFacesUp(UpAxis up) throws IOException {
        for (int env : TestTracks.validEnvs()) {
            WorldTrack t = WorldTrack.of(TestTracks.batch(), env, SCALE);
            Path glb = export(env, up, WALL, "road.glb");
            for (List<LoadedPart> parts : List.of(LoadedPart.readGlb(glb), LoadedPart.readObj(glb.resolveSibling("road.obj")))) {
                assertEquals(2, parts.size(), "road and walls");
                checkRoad(parts.get(0), t, up, env);
                checkWalls(parts.get(1), t, up, env);
            }
        }
    }

    private static void checkRoad(LoadedPart road, WorldTrack t, UpAxis up, int env) {
        float[] p = road.positions();
        for (int i = 0; i < p.length; i += 3) {
            double[] q = MeshPicture.zUp(p, i, up);
            assertEquals(0, q[2], 1e-6, "road vertex on the ground");
            double d = Math.min(nearest(t.left(), q[0], q[1]), nearest(t.right(), q[0], q[1]));
            assertTrue(d < 1e-4, "env " + env + ": road vertex " + i / 3 + " is " + d + " m off the borders");
            double[] n = MeshPicture.zUp(road.normals(), i, up);
            assertEquals(1, n[2], 1e-6, "road normal up");
        }
        int[] idx = road.indices();
        assertEquals(2 * t.size(), idx.length / 3, "two triangles per segment");
        for (int k = 0; k < idx.length; k += 3) {
            double[] a = MeshPicture.zUp(p, 3 * idx[k], up);
            double[] b = MeshPicture.zUp(p, 3 * idx[k + 1], up);
            double[] c = MeshPicture.zUp(p, 3 * idx[k + 2], up);
            double nz = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
            assertTrue(nz > 0, "env " + env + ": road triangle " + k / 3 + " faces up (" + nz + ")");
        }
    }

    private static void checkWalls(LoadedPart walls, WorldTrack t, UpAxis up, int env) {
        float[] p = walls.positions();
        for (int i = 0; i < p.length; i += 3) {
            double[] q = MeshPicture.zUp(p, i, up);
            assertTrue(Math.abs(q[2]) < 1e-6 || Math.abs(q[2] - WALL) < 1e-6, "wall vertex at the foot or the top");
            double d = Math.min(nearest(t.left(), q[0], q[1]), nearest(t.right(), q[0], q[1]));
            assertTrue(d < 1e-4, "env " + env + ": wall vertex off the borders by " + d);
        }
        int[] idx = walls.indices();
        assertEquals(4 * 2 * t.size(), idx.length / 3, "two faces of two walls, two triangles per segment");
        for (int k = 0; k < idx.length; k += 3) {
            double[] a = MeshPicture.zUp(p, 3 * idx[k], up);
            double[] b = MeshPicture.zUp(p, 3 * idx[k + 1], up);
            double[] c = MeshPicture.zUp(p, 3 * idx[k + 2], up);
            double[] n = {(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
                (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
                (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])};
            double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            assertTrue(Math.abs(n[2]) < 1e-3 * len, "wall triangle vertical");
            double[] vn = MeshPicture.zUp(walls.normals(), 3 * idx[k], up);
            assertTrue(n[0] * vn[0] + n[1] * vn[1] > 0.5 * len, "env " + env + ": wall triangle " + k / 3
                    + " winds counter-clockwise around its normal");
        }
    }

    private static double nearest(double[] pts, double x, double y) {
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < pts.length; k += 2) {
            best = Math.min(best, Math.hypot(pts[k] - x, pts[k + 1] - y));
        }
        return best;
    }

    @ParameterizedTest
    @EnumSource(UpAxis.class)
    void theRenderedGlbShowsTheRoadFromAboveAndNothingFromBelow(UpAxis up) throws IOException {
        int env = TestTracks.validEnvs()[0];
        WorldTrack t = WorldTrack.of(TestTracks.batch(), env, SCALE);
        List<LoadedPart> parts = LoadedPart.readGlb(export(env, up, WALL, "road.glb"));
        BufferedImage above = MeshPicture.render(parts, up, 960, 720, Math.toRadians(55));
        Path out = Files.createDirectories(Path.of("target", "renders"));
        ImageIO.write(above, "png", out.resolve("road-" + up + "-up.png").toFile());
        int road = 0;
        for (int y = 0; y < above.getHeight(); y++) {
            for (int x = 0; x < above.getWidth(); x++) {
                road += MeshPicture.isBackground(above.getRGB(x, y)) ? 0 : 1;
            }
        }
        assertTrue(road > 0.05 * above.getWidth() * above.getHeight(), "the road covers the picture: " + road);
        // seen from below (elevation < 0) the road's back faces are culled: only the walls' outward faces remain
        List<LoadedPart> roadOnly = LoadedPart.readGlb(export(env, up, 0, "road.glb"));
        assertEquals(1, roadOnly.size());
        BufferedImage below = MeshPicture.render(roadOnly, up, 320, 240, Math.toRadians(-55));
        BufferedImage fromAbove = MeshPicture.render(roadOnly, up, 320, 240, Math.toRadians(55));
        int seenBelow = 0;
        int seenAbove = 0;
        for (int y = 0; y < 240; y++) {
            for (int x = 0; x < 320; x++) {
                seenBelow += MeshPicture.isBackground(below.getRGB(x, y)) ? 0 : 1;
                seenAbove += MeshPicture.isBackground(fromAbove.getRGB(x, y)) ? 0 : 1;
            }
        }
        assertEquals(0, seenBelow, "no road face points down");
        assertTrue(seenAbove > 1000, "road seen from above: " + seenAbove);
        assertTrue(t.length() > 0);
    }
}
