package dev.trackgen.cli.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.trackgen.cli.CliException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a {@code --config} file: YAML, or JSON when the name ends in {@code .json}. The document
 * must be a flat mapping of knob names to values (an empty file is an empty mapping); duplicate
 * keys are rejected. Every failure is a {@link CliException} with a one-line message naming the file.
 */
public final class ConfigFileReader {
    private final ObjectMapper json;
    private final ObjectMapper yaml;

    /** Creates a reader with strict duplicate-key detection for both formats. */
    public ConfigFileReader() {
        this.json = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        this.yaml = YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();
    }

    /**
     * @param file the config file
     * @return its knob values in file order
     * @throws CliException if the file is missing, unreadable, malformed or not a flat mapping
     */
    public ConfigDocument read(Path file) {
        String what = "config file '" + file + "'";
        if (Files.isDirectory(file)) {
            throw new CliException(what + " is a directory, not a file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new CliException(what + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new CliException(what + " is not readable (permission denied)", e);
        } catch (IOException e) {
            throw new CliException(what + " could not be read: " + oneLine(String.valueOf(e.getMessage())), e);
        }
        boolean isJson = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
        if (!isUtf8Text(bytes)) {
            throw new CliException(what + " is not a text file (YAML or JSON in UTF-8 expected)");
        }
        if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
            return new ConfigDocument(Optional.of(file), Map.of());
        }
        Object root;
        try {
            root = (isJson ? json : yaml).readValue(bytes, Object.class);
        } catch (JsonProcessingException e) {
            throw new CliException(what + " is not valid " + (isJson ? "JSON" : "YAML") + ": " + describe(e), e);
        } catch (IOException e) {
            throw new CliException(what + " could not be read: " + oneLine(String.valueOf(e.getMessage())), e);
        }
        if (root == null) {
            return new ConfigDocument(Optional.of(file), Map.of());
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new CliException(what + " must be a mapping of knob names to values, but it holds "
                    + kindOf(root));
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            values.put(String.valueOf(e.getKey()), e.getValue());
        }
        return new ConfigDocument(Optional.of(file), values);
    }

    private static String describe(JsonProcessingException e) {
        String message = headlines(e.getOriginalMessage() != null ? e.getOriginalMessage() : "malformed document");
        JsonLocation at = e.getLocation();
        if (at != null && at.getLineNr() > 0) {
            message += " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
        }
        return message;
    }

    private static String kindOf(Object root) {
        if (root instanceof List<?>) {
            return "a list";
        }
        if (root instanceof String s) {
            return "the plain text '" + abbreviate(s) + "'";
        }
        return "the value " + root;
    }

    private static String abbreviate(String s) {
        String t = oneLine(s);
        return t.length() <= 40 ? t : t.substring(0, 37) + "...";
    }

    /**
     * The parser's own lines of a message: SnakeYAML interleaves them with indented source
     * excerpts and position lines ({@code  in 'reader', line 1, column 13:}), which are dropped
     * (the position is reported separately).
     */
    private static String headlines(String text) {
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\\R")) {
            if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
                if (b.length() > 0) {
                    b.append(": ");
                }
                b.append(line.strip());
            }
        }
        return b.length() > 0 ? b.toString() : oneLine(text);
    }

    /**
     * @param text possibly multi-line text
     * @return the first non-blank line, stripped
     */
    static String oneLine(String text) {
        for (String line : text.split("\\R")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return text.strip();
    }

    private static boolean isUtf8Text(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            return text.chars().noneMatch(c -> c < 0x20 && c != '\n' && c != '\r' && c != '\t');
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }
}
