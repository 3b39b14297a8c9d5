package dev.trackgen.osgi.probe;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.osgi.util.tracker.ServiceTracker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Commands: {@code generators}, {@code runtimes}, {@code problems}, {@code generate NAME ENVS}.
 * Results are JDK types only and hold nothing of a plugin, so the plugin can be unloaded.
 */
final class Probe implements Function<String, Object> {
    private final ServiceTracker<GeneratorRegistry, GeneratorRegistry> generators;
    private final ServiceTracker<RuntimeRegistry, RuntimeRegistry> runtimes;

    Probe(ServiceTracker<GeneratorRegistry, GeneratorRegistry> generators,
          ServiceTracker<RuntimeRegistry, RuntimeRegistry> runtimes) {
        this.generators = generators;
        this.runtimes = runtimes;
    }

    @Override
    public Object apply(String command) {
        String[] w = command.split(" ");
        GeneratorRegistry g = generators.getService();
        RuntimeRegistry r = runtimes.getService();
        if (g == null || r == null) {
            return "no registries";
        }
        switch (w[0]) {
            case "generators":
                return List.copyOf(g.available());
            case "runtimes":
                return List.copyOf(r.available());
            case "problems": {
                List<String> all = new ArrayList<>(g.problems());
                all.addAll(r.problems());
                return all;
            }
            case "generate":
                return generate(g, r, w[1], Integer.parseInt(w[2]));
            default:
                return "unknown command " + command;
        }
    }

    /** Exactly what a client bundle does: a TrackGenerator built from the tracked registries. */
    private static Map<String, Object> generate(GeneratorRegistry generators, RuntimeRegistry runtimes, String name,
                                                int envs) {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            TrackGenConfig config = TrackGenConfig.builder().numEnvs(envs).runtime("cpu").generator(name).build();
            try (TrackGenerator tg = new TrackGenLauncher(generators, runtimes)
                    .withOptions(RuntimeOptions.defaults().withThreads(2))
                    .builder(config)
                    .rng(PerEnvSeededRng.fromScalar(envs, 0))
                    .build()) {
                TrackSnapshot s = tg.generate().snapshot();
                out.put("valid", s.validCount());
                out.put("envs", s.numEnvs());
                out.put("source", generators.entry(name).source());
            }
        } catch (RuntimeException e) {
            out.put("error", String.valueOf(e.getMessage()));
            out.put("type", e.getClass().getName());
        }
        return out;
    }
}
