package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.gates.GateAlign;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.gates.ZProfile;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate-course glTF scene ({@link GateScene}): its geometry in each gate's own frame, and every
 * {@code .glb} through the Khronos glTF Validator (no error, no warning) and assimp's import with
 * data-structure validation, as {@link GltfValidatorTest} and {@link ObjAssimpTest} do for roads.
 */
class GateSceneTest {
    private static final Path VALIDATOR = Path.of(System.getProperty("trackgen.gltf.validator",
            "target/test-tools/node_modules/gltf-validator"));
    private static final Path ASSIMP = Path.of("/usr/bin/assimp");
    private static final double T = 0.02;
    private static final double D = 0.03;
    private static final double R = 0.004;

    private static GateCourseSnapshot courses;

    @TempDir
    Path dir;

    @BeforeAll
    static void generate() {
        GateConfig gc = GateConfig.builder().numEnvs(4).generator("polar").minGates(5).maxGates(8)
                .zProfile(ZProfile.NOISE).zBase(1).zMin(0.5f).zMax(1.5f).zNoiseAmplitude(0.3f).gateAlign(GateAlign.FULL_TANGENT).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             GateGenerator gen = GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator("polar"))
                     .runtime(rt).build()) {
            courses = gen.generate().snapshot();
        }
        assertTrue(validEnvs().size() >= 2, "valid courses: " + validEnvs());
    }

    private static List<Integer> validEnvs() {
        List<Integer> v = new ArrayList<>();
        for (int e = 0; e < courses.numEnvs(); e++) {
            if (courses.valid()[e] != 0) {
                v.add(e);
            }
        }
        return v;
    }

    @Test
    void everyFrameVertexLiesOnItsGatesMembersAndTheTubeAroundTheLine() {
        double scale = 2;
        for (int e : validEnvs()) {
            GateScene z = GateScene.of(courses, e, scale, T, D, R, UpAxis.Z);
            GateScene y = GateScene.of(courses, e, scale, T, D, R, UpAxis.Y);
            int g = courses.count()[e];
            assertEquals(96 * g, z.frames().vertexCount());
            assertEquals(48 * g, z.frames().triangleCount());
            float[] p = z.frames().positions();
            int innerPost = 0;
            int innerBar = 0;
            for (int v = 0; v < z.frames().vertexCount(); v++) {
                int gate = v / 96;
                int member = (v / 24) % 4;
                int f = e * courses.gMax() + gate;
                double[][] a = GateScene.axes(courses.orientation(), 4 * f);
                double[] rel = new double[3];
                for (int c = 0; c < 3; c++) {
                    rel[c] = p[3 * v + c] / scale - courses.position()[3 * f + c];
                }
                double lx = dot(a[0], rel);
                double ly = dot(a[1], rel);
                double lz = dot(a[2], rel);
                double hs = courses.halfSize()[f];
                assertEquals(D / 2, Math.abs(lx), 1e-5, "frame depth, vertex " + v);
                double across = member < 2 ? Math.abs(ly) : Math.abs(lz);
                double along = member < 2 ? Math.abs(lz) : Math.abs(ly);
                // a member spans from the opening's edge (gate position +- half size) to the frame's outside
                assertTrue(Math.abs(across - hs) < 1e-5 || Math.abs(across - (hs + T)) < 1e-5,
                        "member " + member + " across " + across + " vs hs " + hs);
                assertEquals(hs + T, along, 1e-5, "member length");
                innerPost += member < 2 && Math.abs(across - hs) < 1e-5 ? 1 : 0;
                innerBar += member >= 2 && Math.abs(across - hs) < 1e-5 ? 1 : 0;
                // Y up is the same scene rotated: (x, y, z) -> (x, z, -y)
                float[] q = y.frames().positions();
                assertEquals(p[3 * v], q[3 * v]);
                assertEquals(p[3 * v + 2], q[3 * v + 1]);
                assertEquals(-p[3 * v + 1], q[3 * v + 2]);
            }
            assertEquals(12 * 2 * g, innerPost, "half of each post's vertices on the opening's side edge");
            assertEquals(12 * 2 * g, innerBar, "half of each bar's vertices on the opening's top or bottom edge");
            assertUnitNormals(z.frames());
            assertOutwardFaces(z.frames(), 24);

            int l = courses.lineCount()[e];
            assertEquals(GateScene.TUBE_SIDES * l, z.line().vertexCount());
            float[] t = z.line().positions();
            for (int v = 0; v < z.line().vertexCount(); v++) {
                int k = 3 * (e * courses.lineMax() + v / GateScene.TUBE_SIDES);
                double dx = t[3 * v] / scale - courses.linePoints()[k];
                double dy = t[3 * v + 1] / scale - courses.linePoints()[k + 1];
                double dz = t[3 * v + 2] / scale - courses.linePoints()[k + 2];
                assertEquals(R, Math.sqrt(dx * dx + dy * dy + dz * dz), 1e-5, "tube radius at vertex " + v);
            }
            assertUnitNormals(z.line());
        }
        assertThrows(IllegalArgumentException.class, () -> GateScene.of(courses, 0, 0, T, D, R, UpAxis.Z));
        assertThrows(IllegalArgumentException.class, () -> GateScene.of(courses, 0, 1, Double.NaN, D, R, UpAxis.Z));
        assertThrows(IllegalArgumentException.class, () -> GateScene.of(courses, 99, 1, T, D, R, UpAxis.Z));
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static void assertUnitNormals(MeshPart m) {
        float[] n = m.normals();
        for (int v = 0; v < m.vertexCount(); v++) {
            double len = Math.sqrt(n[3 * v] * n[3 * v] + n[3 * v + 1] * n[3 * v + 1] + n[3 * v + 2] * n[3 * v + 2]);
            assertEquals(1.0, len, 1e-5, m.name() + " normal " + v);
        }
    }

    /** Every triangle's winding normal points away from its box's centre (counter-clockwise seen from outside). */
    private static void assertOutwardFaces(MeshPart m, int perBox) {
        float[] p = m.positions();
        int[] ix = m.indices();
        for (int t = 0; t < m.triangleCount(); t++) {
            int a = ix[3 * t];
            int b = ix[3 * t + 1];
            int c = ix[3 * t + 2];
            int box = a / perBox;
            double[] centre = new double[3];
            for (int v = box * perBox; v < (box + 1) * perBox; v++) {
                for (int k = 0; k < 3; k++) {
                    centre[k] += p[3 * v + k] / perBox;
                }
            }
            double[] u = new double[3];
            double[] w = new double[3];
            double[] out = new double[3];
            for (int k = 0; k < 3; k++) {
                u[k] = p[3 * b + k] - p[3 * a + k];
                w[k] = p[3 * c + k] - p[3 * a + k];
                out[k] = p[3 * a + k] - centre[k];
            }
            double[] n = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
            assertTrue(dot(n, out) > 0, "triangle " + t + " faces inwards");
        }
    }

    private List<Path> writeAll() throws IOException {
        List<Path> files = new ArrayList<>();
        for (int e : validEnvs()) {
            for (UpAxis up : UpAxis.values()) {
                Path f = dir.resolve("env" + e + "-" + up + ".glb");
                GateScene.of(courses, e, 10, T, D, R, up).writeGlb(String.format("env_%05d", e), f);
                files.add(f);
            }
        }
        return files;
    }

    @Test
    void everySceneHasNoErrorOrWarningInTheKhronosValidator() throws Exception {
        assertTrue(Files.isRegularFile(VALIDATOR.resolve("index.js")), "the glTF validator is not installed at "
                + VALIDATOR.toAbsolutePath() + " (the export module's build installs it with npm in process-test-resources)");
        List<Path> files = writeAll();
        Path runner = dir.resolve("validate.js");
        Files.writeString(runner, String.join("\n",
                "const fs = require('fs');",
                "const validator = require(" + new ObjectMapper().writeValueAsString(VALIDATOR.toAbsolutePath().toString()) + ");",
                "(async () => {",
                "  for (const f of process.argv.slice(2)) {",
                "    const r = await validator.validateBytes(new Uint8Array(fs.readFileSync(f)), {uri: f});",
                "    console.log(JSON.stringify({file: f, errors: r.issues.numErrors, warnings: r.issues.numWarnings,",
                "      messages: r.issues.messages.filter(m => m.severity <= 1).map(m => m.code + ' ' + m.message),",
                "      primitives: r.info ? r.info.totalVertexCount : -1}));",
                "  }",
                "})().catch(e => { console.error(String(e)); process.exit(2); });", ""), StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(List.of("node", runner.toString()));
        files.forEach(f -> cmd.add(f.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the validator did not finish");
        assertEquals(0, p.exitValue(), out);
        ObjectMapper json = new ObjectMapper();
        int reports = 0;
        for (String line : out.strip().split("\n")) {
            JsonNode r;
            try {
                r = json.readTree(line);
            } catch (IOException e) {
                continue;
            }
            assertEquals(0, r.get("errors").asInt(), r.toString());
            assertEquals(0, r.get("warnings").asInt(), r.toString());
            assertTrue(r.get("primitives").asInt() > 0, r.toString());
            reports++;
        }
        assertEquals(files.size(), reports, out);
    }

    @Test
    void assimpImportsAndValidatesEveryScene() throws Exception {
        assertTrue(Files.isExecutable(ASSIMP), "this test needs Debian's assimp-utils (/usr/bin/assimp): "
                + "scripts/provision-test-tools.sh installs it");
        Pattern mesh = Pattern.compile("\\d+ \\(([^)]*)\\): \\[(\\d+) / 0 / (\\d+) \\| triangle\\]");
        List<Path> files = writeAll();
        for (Path f : files) {
            int e = Integer.parseInt(f.getFileName().toString().replaceAll("^env(\\d+)-.*$", "$1"));
            Process p = new ProcessBuilder(ASSIMP.toString(), "info", f.toString(), "-vds").redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "assimp did not finish");
            assertEquals(0, p.exitValue(), out);
            Matcher m = mesh.matcher(out);
            int meshes = 0;
            int faces = 0;
            while (m.find()) {
                meshes++;
                faces += Integer.parseInt(m.group(3));
            }
            assertEquals(2, meshes, "frames and course line: " + out);
            assertEquals(48 * courses.count()[e] + 2 * GateScene.TUBE_SIDES * courses.lineCount()[e], faces, out);
        }
    }
}
