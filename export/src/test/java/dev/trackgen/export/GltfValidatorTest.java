package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every exported {@code road.glb} passes the Khronos glTF Validator (its npm build, which this
 * module's build installs under {@code target/test-tools}; Node.js runs it) with no error and no
 * warning: meshes with and without walls, Y and Z up, flat and elevated (banked) tracks.
 */
class GltfValidatorTest {
    private static final Path VALIDATOR = Path.of(System.getProperty("trackgen.gltf.validator",
            "target/test-tools/node_modules/gltf-validator"));

    @TempDir
    Path dir;

    @Test
    void exportedMeshesHaveNoErrorOrWarningInTheKhronosValidator() throws Exception {
        assertTrue(Files.isRegularFile(VALIDATOR.resolve("index.js")), "the glTF validator is not installed at "
                + VALIDATOR.toAbsolutePath() + " (the export module's build installs it with npm in process-test-resources)");
        List<String> files = new ArrayList<>();
        // flat tracks and tracks that climb, fall and bank (the road at its heights)
        for (TrackSnapshot s : new TrackSnapshot[] {TestTracks.batch(), TestTracks.elevatedBatch()}) {
        String kind = s == TestTracks.batch() ? "flat" : "elevated";
        for (int env : TestTracks.validEnvs(s)) {
            for (UpAxis up : UpAxis.values()) {
                for (double walls : new double[] {0, 0.3}) {
                    RoadMesh mesh = RoadMesh.of(WorldTrack.of(s, env, 11), walls, up);
                    Path f = dir.resolve(kind + "-env" + env + "-" + up + "-" + walls + ".glb");
                    GlbWriter.write(mesh, "env_" + env, f);
                    files.add(f.toString());
                }
            }
        }
        }
        // the terrain mesh of the heightfield (docs/elevation.md), both up axes
        for (UpAxis up : UpAxis.values()) {
            TrackSnapshot s = TestTracks.elevatedBatch();
            int env = TestTracks.validEnvs(s)[0];
            ExportSettings set = ExportSettings.builder().upAxis(up)
                    .heightfield(dev.trackgen.pipeline.HeightfieldOptions.builder().resolution(32).build()).build();
            Path f = dir.resolve("terrain-" + up + ".glb");
            ExportFormats.get("terrain").files(set).get(0).writer()
                    .write(new ExportContext(WorldTrack.of(s, env, 11), "env_" + env, set), f);
            files.add(f.toString());
        }
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
        cmd.addAll(files);
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
                continue; // a line of the validator's own
            }
            assertEquals(0, r.get("errors").asInt(), r.toString());
            assertEquals(0, r.get("warnings").asInt(), r.toString());
            assertTrue(r.get("primitives").asInt() > 0, r.toString());
            reports++;
        }
        assertEquals(files.size(), reports, out);
    }
}
