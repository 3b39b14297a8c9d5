package dev.trackgen.osgi.internal;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.osgi.GeneratorConfiguration;
import dev.trackgen.registry.TrackGenLauncher;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one configuration of {@link GeneratorConfiguration#FACTORY_PID} asks for, read and validated:
 * the {@link TrackGenConfig} (generator bound, so its knobs and rules apply), the scalar seed and
 * the runtime options.
 *
 * <p>Property names are knob names ({@code num_envs}, {@code half_width}, a generator's own
 * knobs, ...) plus {@code seed} and {@code threads} ({@link ServiceKnobs}). Values may
 * be text (a {@code .cfg} file, {@code config:property-set}) or typed (Configuration Admin's
 * API). Names with a dot ({@code service.pid}, {@code felix.fileinstall.filename},
 * {@code component.name}) belong to the container and are skipped.
 *
 * @param config     the validated configuration
 * @param seed       the scalar seed of {@code PerEnvSeededRng.fromScalar}
 * @param options    the runtime options ({@code threads})
 * @param configured the knob properties the configuration sets, sorted by name, values as given
 */
record GeneratorSettings(TrackGenConfig config, int seed, RuntimeOptions options, Map<String, Object> configured) {

    /**
     * @param properties the configuration's properties
     * @return the generator name they ask for ({@code auto} and no value meaning the launcher's default)
     */
    static String generatorName(Map<String, ?> properties) {
        Object v = properties.get(PipelineKnobs.GENERATOR.name());
        String name = v == null ? "" : String.valueOf(v).strip();
        return name.isEmpty() || name.equals(PipelineKnobs.GENERATOR.defaultValue())
                ? TrackGenLauncher.DEFAULT_GENERATOR : name;
    }

    /**
     * @param properties the configuration's properties
     * @return the runtime name they ask for ({@code auto} when unset)
     */
    static String runtimeName(Map<String, ?> properties) {
        Object v = properties.get(PipelineKnobs.RUNTIME.name());
        String name = v == null ? "" : String.valueOf(v).strip();
        return name.isEmpty() ? PipelineKnobs.RUNTIME.defaultValue() : name;
    }

    /**
     * @param properties the configuration's properties
     * @param generator  the generator {@link #generatorName} names, present
     * @return the settings
     * @throws InvalidPropertyException naming the first property that is unknown or out of range
     */
    static GeneratorSettings read(Map<String, ?> properties, CenterlineGenerator generator) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(generator).runtime(runtimeName(properties));
        Map<String, Object> configured = new TreeMap<>();
        int seed = 0;
        RuntimeOptions options = RuntimeOptions.defaults();
        for (Map.Entry<String, ?> e : new TreeMap<>(properties).entrySet()) {
            String name = e.getKey();
            Object value = e.getValue();
            if (name.indexOf('.') >= 0 || value == null || name.equals(PipelineKnobs.GENERATOR.name())
                    || name.equals(PipelineKnobs.RUNTIME.name())) {
                continue;
            }
            configured.put(name, value);
            if (name.equals(ServiceKnobs.SEED.name())) {
                seed = service(ServiceKnobs.SEED, value);
            } else if (name.equals(ServiceKnobs.THREADS.name())) {
                int threads = service(ServiceKnobs.THREADS, value);
                String problem = RuntimeOptions.checkThreads(threads);
                if (problem != null) {
                    throw new InvalidPropertyException(name, "threads = " + threads + " " + problem);
                }
                options = options.withThreads(threads);
            } else {
                set(b, name, value);
            }
        }
        try {
            return new GeneratorSettings(b.build(), seed, options, Map.copyOf(configured));
        } catch (InvalidConfigException e) {
            throw new InvalidPropertyException(e.knob() != null ? e.knob() : "?", e.getMessage());
        }
    }

    private static void set(TrackGenConfig.Builder b, String name, Object value) {
        try {
            if (value instanceof String text) {
                b.set(name, text.strip());
            } else if (value.getClass().isArray() || value instanceof Collection<?>) {
                b.setValue(name, asList(value));
            } else {
                b.setValue(name, value);
            }
        } catch (InvalidConfigException e) {
            throw new InvalidPropertyException(name, e.getMessage());
        }
    }

    private static List<Object> asList(Object value) {
        if (value instanceof Collection<?> c) {
            return List.copyOf(c);
        }
        int n = java.lang.reflect.Array.getLength(value);
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = java.lang.reflect.Array.get(value, i);
        }
        return List.of(out);
    }

    private static int service(Knob<Integer> knob, Object value) {
        try {
            return value instanceof String text ? knob.parse(text.strip()) : knob.coerce(value);
        } catch (InvalidConfigException e) {
            throw new InvalidPropertyException(knob.name(), e.getMessage());
        }
    }
}
