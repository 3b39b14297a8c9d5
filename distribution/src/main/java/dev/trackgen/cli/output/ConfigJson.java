package dev.trackgen.cli.output;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.trackgen.api.config.TrackGenConfig;


/**
 * The resolved configuration as one line of ASCII JSON ({@link TrackGenConfig#asMap()}, knob
 * order kept, non-ASCII escaped). The text is itself a valid {@code --config} file.
 */
public final class ConfigJson {
    private static final JsonMapper MAPPER = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private ConfigJson() {
    }

    /**
     * @param config a configuration
     * @return its JSON text
     */
    public static String of(TrackGenConfig config) {
        return JsonText.of(MAPPER, config.asMap());
    }
}
