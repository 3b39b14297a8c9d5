package dev.trackgen.cli.config;

import dev.trackgen.cli.CliException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigFileReaderTest {
    @TempDir
    Path dir;

    private final ConfigFileReader reader = new ConfigFileReader();

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private String failure(Path f) {
        String message = assertThrows(CliException.class, () -> reader.read(f)).getMessage();
        assertFalse(message.contains("\n") || message.contains("\r"), "one line: " + message);
        return message;
    }

    @Test
    void yamlValuesKeepTheirTypesAndOrder() throws IOException {
        ConfigDocument d = reader.read(file("a.yml", "num_envs: 8\nhalf_width: 0.2\nrelax_enable: false\n"
                + "rad_range: [0.1, 0.3]\nspacing: auto\nruntime: cpu\n"));
        assertEquals(List.of("num_envs", "half_width", "relax_enable", "rad_range", "spacing", "runtime"),
                List.copyOf(d.values().keySet()));
        assertEquals(8, d.values().get("num_envs"));
        assertEquals(0.2, d.values().get("half_width"));
        assertEquals(false, d.values().get("relax_enable"));
        assertEquals(List.of(0.1, 0.3), d.values().get("rad_range"));
        assertEquals("cpu", d.runtime());
    }

    @Test
    void anEmptyFileIsAnEmptyMapping() throws IOException {
        assertEquals(Map.of(), reader.read(file("empty.yaml", "\n  \n")).values());
        assertEquals(Map.of(), reader.read(file("empty.json", "")).values());
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("nope.yaml");
        assertEquals("config file '" + f + "' does not exist", failure(f));
    }

    @Test
    void aHugeFileOrADeviceIsRefusedUnread() throws IOException {
        Path big = dir.resolve("big.yaml");
        Files.write(big, "half_width: 0.1\n".repeat(ConfigFileReader.MAX_BYTES / 16 + 1).getBytes(StandardCharsets.UTF_8));
        assertEquals("config file '" + big + "' is larger than 1 MiB (or endless); "
                + "a config file is a short mapping of knob names to values", failure(big));
        Path zero = Path.of("/dev/zero");
        if (Files.isReadable(zero)) {
            assertTrue(failure(zero).contains("is larger than 1 MiB (or endless)"), failure(zero));
        }
    }

    @Test
    void directoryInsteadOfFile() {
        assertEquals("config file '" + dir + "' is a directory, not a file", failure(dir));
    }

    @Test
    void malformedYamlNamesTheProblemAndThePlace() throws IOException {
        Path f = file("bad.yaml", "half_width: [1, 2\n");
        String m = failure(f);
        assertTrue(m.startsWith("config file '" + f + "' is not valid YAML: while parsing a flow sequence: expected ','"), m);
        assertTrue(m.contains("(line "), m);
    }

    @Test
    void malformedJson() throws IOException {
        Path f = file("bad.json", "{\"half_width\": 0.1,}");
        String m = failure(f);
        assertTrue(m.startsWith("config file '" + f + "' is not valid JSON: Unexpected character"), m);
        assertTrue(m.endsWith("(line 1, column 20)"), m);
    }

    @Test
    void duplicateKeysAreRejected() throws IOException {
        String m = failure(file("dup.json", "{\"half_width\": 0.1, \"half_width\": 0.2}"));
        assertTrue(m.contains("Duplicate field 'half_width'"), m);
    }

    @Test
    void theDocumentMustBeAMapping() throws IOException {
        assertTrue(failure(file("list.yaml", "- 1\n- 2\n")).endsWith("must be a mapping of knob names to values, but it holds a list"));
        assertTrue(failure(file("text.yaml", "just some words\n")).endsWith("but it holds the plain text 'just some words'"));
    }

    @Test
    void aNonNameRuntimeIsRejected() throws IOException {
        ConfigDocument d = reader.read(file("rt.yaml", "runtime: 3\n"));
        CliException e = assertThrows(CliException.class, d::runtime);
        assertTrue(e.getMessage().contains("runtime = 3 is not a runtime name"), e.getMessage());
    }

    @Test
    void yamlAliasesResolveToTheAnchoredValue() throws IOException {
        ConfigDocument d = reader.read(file("alias.yaml", "half_width: &hw 0.2\nspacing: *hw\n"
                + "rad_range: &r [0.1, 0.3]\nscale_range: *r\nrelax_enable: &off false\nstyle_sampling: *off\n"));
        assertEquals(0.2, d.values().get("spacing"));
        assertEquals(List.of(0.1, 0.3), d.values().get("scale_range"));
        assertEquals(false, d.values().get("style_sampling"));
    }

    @Test
    void aSecondYamlDocumentIsRefused() throws IOException {
        Path f = file("multi.yaml", "half_width: 0.2\n---\nhalf_width: 0.3\n");
        assertEquals("config file '" + f + "' holds 2 YAML documents (separated by '---'); a config file is one "
                + "mapping: put every knob in one document", failure(f));
        // One document after a leading marker is one document.
        assertEquals(0.2, reader.read(file("one.yaml", "---\nhalf_width: 0.2\n")).values().get("half_width"));
    }

    @Test
    void nanAndInfinityAreNumbersForTheKnobToRefuse() throws IOException {
        assertTrue(Double.isNaN((Double) reader.read(file("n.yaml", "half_width: .nan\n")).values().get("half_width")));
        assertEquals(Double.POSITIVE_INFINITY, reader.read(file("i.yaml", "half_width: .inf\n")).values().get("half_width"));
        assertTrue(Double.isNaN(((Number) reader.read(file("n.json", "{\"half_width\": NaN}")).values()
                .get("half_width")).doubleValue()));
        assertEquals(Double.NEGATIVE_INFINITY, ((Number) reader.read(file("i.json", "{\"scale\": -Infinity}"))
                .values().get("scale")).doubleValue());
    }

    @Test
    void duplicateYamlKeysAndMalformedYamlAreOneLine() throws IOException {
        String dup = failure(file("dup.yaml", "half_width: 0.1\nhalf_width: 0.2\n"));
        assertTrue(dup.contains("is not valid YAML: while constructing a mapping: found duplicate key half_width"),
                dup);
        String bad = failure(file("bad.yaml", "half_width: [0.1, 0.2\nrelax_iters: 3\n"));
        assertTrue(bad.contains("is not valid YAML: while parsing a flow sequence"), bad);
        assertTrue(bad.matches(".*\\(line \\d+, column \\d+\\)$"), bad);
    }

    /** Random flat mappings, written with and without anchors, read back to the same values. */
    @Test
    void randomMappingsWithAnchorsReadBackExactly() throws IOException {
        java.util.Random rnd = new java.util.Random(9);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rnd.nextInt(8);
            StringBuilder plain = new StringBuilder();
            StringBuilder anchored = new StringBuilder();
            Object first = null;
            java.util.Map<String, Object> expected = new java.util.LinkedHashMap<>();
            for (int k = 0; k < n; k++) {
                Object v = switch (rnd.nextInt(3)) {
                    case 0 -> rnd.nextInt(1000) - 500;
                    case 1 -> Math.round(rnd.nextDouble() * 1e6) / 1e3 + 0.5;
                    default -> rnd.nextBoolean();
                };
                String key = "k" + k;
                if (k == 0) {
                    first = v;
                    anchored.append(key).append(": &a ").append(v).append('\n');
                } else if (rnd.nextBoolean()) {
                    v = first;
                    anchored.append(key).append(": *a\n");
                } else {
                    anchored.append(key).append(": ").append(v).append('\n');
                }
                plain.append(key).append(": ").append(v).append('\n');
                expected.put(key, v);
            }
            assertEquals(expected, reader.read(file("p" + trial + ".yaml", plain.toString())).values());
            assertEquals(expected, reader.read(file("a" + trial + ".yaml", anchored.toString())).values(),
                    anchored::toString);
        }
    }
}
