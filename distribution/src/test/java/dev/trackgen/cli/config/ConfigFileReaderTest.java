package dev.trackgen.cli.config;

import dev.trackgen.cli.CliException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
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
        String m = failure(file("dup.yaml", "half_width: 0.1\nhalf_width: 0.2\n"));
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
}
