package dev.trackgen.cli.config;

import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.cli.CliException;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The contents of a {@code --config} file: a flat mapping of knob names to values, in file order,
 * or nothing when no file was given.
 *
 * @param source the file it was read from, empty when there is none
 * @param values knob name to JSON-like value (number, boolean, string, list or null)
 */
public record ConfigDocument(Optional<Path> source, Map<String, Object> values) {

    /** The {@code runtime} key, which takes part in the runtime choice rather than plain knob resolution. */
    public static final String RUNTIME_KEY = PipelineKnobs.RUNTIME.name();

    /**
     * Copies the values into an unmodifiable, order-preserving map.
     *
     * @param source the file it was read from, empty when there is none
     * @param values knob name to value
     */
    public ConfigDocument {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** @return the document of an invocation without {@code --config} */
    public static ConfigDocument empty() {
        return new ConfigDocument(Optional.empty(), Map.of());
    }

    /** @return how error messages name the document, for example {@code config file 'run.yaml'} */
    public String describe() {
        return source.map(p -> "config file '" + p + "'").orElse("built-in defaults");
    }

    /**
     * @return the file's {@code runtime} value, or {@code null} when it has none
     * @throws CliException if the value is not a non-empty name
     */
    public String runtime() {
        Object v = values.get(RUNTIME_KEY);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s) || s.isBlank()) {
            throw new CliException(describe() + ": runtime = " + v
                    + " is not a runtime name (allowed: cpu, cuda or auto)");
        }
        return s.strip();
    }
}
