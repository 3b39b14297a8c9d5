package dev.trackgen.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.UncheckedIOException;

/**
 * A value (maps, lists, strings, numbers) as JSON text, for the CLI's {@code --json} lines and
 * JSON formats. Writing such values cannot fail short of a bug, so a failure is unchecked.
 */
public final class JsonText {
    private static final JsonMapper PLAIN = new JsonMapper();

    private JsonText() {
    }

    /**
     * @param value what to write
     * @return its JSON text on one line, without a line separator
     * @throws UncheckedIOException if Jackson cannot write it
     */
    public static String of(Object value) {
        return of(PLAIN, value);
    }

    /**
     * @param mapper the mapper, with its features (indenting, escaping)
     * @param value  what to write
     * @return its JSON text, without a trailing line separator
     * @throws UncheckedIOException if Jackson cannot write it
     */
    public static String of(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
