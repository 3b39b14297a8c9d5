package dev.trackgen.cli.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.trackgen.cli.CliException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a {@code --config} file: YAML (one document; anchors and aliases resolved), or JSON when
 * the name ends in {@code .json} ({@code NaN} and {@code Infinity} read as numbers, for the knob
 * to refuse with its range). The document must be a flat mapping of knob names to values (an
 * empty file is an empty mapping); duplicate keys are rejected. Every failure is a {@link CliException} with a one-line message naming the file.
 */
public final class ConfigFileReader {
    /** The most bytes a config file may hold (1 MiB); a longer input is refused unread. */
    public static final int MAX_BYTES = 1 << 20;

    private final ObjectMapper json;

    /** Creates a reader with strict duplicate-key detection for both formats. */
    public ConfigFileReader() {
        // NaN and Infinity are read as numbers so that the knob's range check reports them.
        this.json = JsonMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
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
            // bounded: a device (/dev/zero), an endless pipe or a huge file is refused at once
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
        } catch (NoSuchFileException e) {
            throw new CliException(what + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new CliException(what + " is not readable (permission denied)", e);
        } catch (IOException e) {
            throw new CliException(what + " could not be read: " + oneLine(String.valueOf(e.getMessage())), e);
        }
        if (bytes.length > MAX_BYTES) {
            throw new CliException(what + " is larger than " + (MAX_BYTES >> 20) + " MiB (or endless); "
                    + "a config file is a short mapping of knob names to values");
        }
        boolean isJson = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
        if (!isUtf8Text(bytes)) {
            throw new CliException(what + " is not a text file (YAML or JSON in UTF-8 expected)");
        }
        if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
            return new ConfigDocument(Optional.of(file), Map.of());
        }
        Object root;
        if (isJson) {
            try {
                root = json.readValue(bytes, Object.class);
            } catch (JsonProcessingException e) {
                throw new CliException(what + " is not valid JSON: " + describe(e), e);
            } catch (IOException e) {
                throw new CliException(what + " could not be read: " + oneLine(String.valueOf(e.getMessage())), e);
            }
        } else {
            root = readYaml(what, new String(bytes, StandardCharsets.UTF_8));
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

    /**
     * One YAML document through SnakeYAML's safe constructor: anchors and aliases resolve to the
     * anchored value ({@code spacing: *hw}), {@code .nan} and {@code .inf} become doubles (so the
     * knob's own range check reports them), duplicate keys and a second document are refused.
     */
    private static Object readYaml(String what, String text) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        Yaml yaml = new Yaml(new SafeConstructor(options));
        List<Object> documents = new ArrayList<>();
        try {
            for (Object document : yaml.loadAll(text)) {
                documents.add(document);
            }
        } catch (MarkedYAMLException e) {
            throw new CliException(what + " is not valid YAML: " + describe(e), e);
        } catch (YAMLException e) {
            throw new CliException(what + " is not valid YAML: " + oneLine(String.valueOf(e.getMessage())), e);
        }
        if (documents.size() > 1) {
            throw new CliException(what + " holds " + documents.size() + " YAML documents (separated by '---'); "
                    + "a config file is one mapping: put every knob in one document");
        }
        return documents.isEmpty() ? null : documents.get(0);
    }

    private static String describe(MarkedYAMLException e) {
        StringBuilder b = new StringBuilder();
        if (e.getContext() != null) {
            b.append(oneLine(e.getContext())).append(": ");
        }
        b.append(e.getProblem() != null ? oneLine(e.getProblem()) : "malformed document");
        Mark at = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        if (at != null) {
            b.append(" (line ").append(at.getLine() + 1).append(", column ").append(at.getColumn() + 1).append(')');
        }
        return b.toString();
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
