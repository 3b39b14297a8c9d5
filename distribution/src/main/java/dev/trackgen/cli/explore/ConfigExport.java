package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

import dev.trackgen.cli.output.JsonText;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * "Copy as config": a configuration as the {@code --config} file that reproduces it (generator,
 * batch size, runtime and every knob that differs from its default, in YAML or JSON) and as the
 * equivalent {@code trackgen generate} command lines. The seed is no knob: it travels in the commands.
 */
public final class ConfigExport {
    /** The file name the commands refer to. */
    public static final String FILE_NAME = "explore.yaml";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_.,+=:/-]+");

    private ConfigExport() {
    }

    /**
     * @param config a resolved configuration
     * @return generator, {@code num_envs}, runtime, then the knobs whose value differs from the default,
     *         as JSON-like values
     */
    public static Map<String, Object> values(TrackGenConfig config) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put(PipelineKnobs.GENERATOR.name(), config.generator());
        out.put(PipelineKnobs.NUM_ENVS.name(), config.numEnvs());
        out.put(PipelineKnobs.RUNTIME.name(), config.runtime());
        for (Knob<?> k : config.knobs()) {
            if (KnobCatalog.DEDICATED.contains(k.name())) {
                continue;
            }
            Object v = config.get(k.name());
            if (!Objects.equals(v, k.defaultValue())) {
                out.put(k.name(), k.toJson(v));
            }
        }
        return out;
    }

    /** @return the {@code --config} file as YAML */
    public static String yaml(TrackGenConfig config) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options).dump(values(config));
    }

    /** @return the {@code --config} file as JSON */
    public static String json(TrackGenConfig config) {
        return JsonText.of(JSON, values(config)) + "\n";
    }

    /**
     * @param config a resolved configuration
     * @param seed   the base seed
     * @return {@code ./trackgen generate} with {@code --generator}, {@code --envs}, {@code --seed},
     *         {@code --runtime} and one {@code --set} per non-default knob
     */
    public static String command(TrackGenConfig config, int seed) {
        StringBuilder b = new StringBuilder("./trackgen generate --generator ").append(quote(config.generator()))
                .append(" --envs ").append(config.numEnvs()).append(" --seed ").append(seed)
                .append(" --runtime ").append(quote(config.runtime()));
        for (Knob<?> k : config.knobs()) {
            if (KnobCatalog.DEDICATED.contains(k.name())) {
                continue;
            }
            Object v = config.get(k.name());
            if (!Objects.equals(v, k.defaultValue())) {
                b.append(" --set ").append(quote(k.name() + "=" + k.format(v)));
            }
        }
        return b.append(" --out tracks.npz --preview tracks.png").toString();
    }

    /**
     * @param seed the base seed
     * @return the command that runs the {@link #FILE_NAME} file with that seed
     */
    public static String fileCommand(int seed) {
        return "./trackgen generate --config " + FILE_NAME + " --seed " + seed + " --out tracks.npz --preview tracks.png";
    }

    private static String quote(String s) {
        return SHELL_SAFE.matcher(s).matches() ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
