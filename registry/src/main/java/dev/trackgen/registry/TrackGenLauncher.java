package dev.trackgen.registry;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;

import java.util.Objects;

/**
 * The one place that turns names into parts: the {@code generator} and {@code runtime} knobs of a
 * configuration into the {@link CenterlineGenerator} and {@link ComputeRuntime}s a
 * {@link TrackGenerator} or {@link CenterlinePipeline} is handed (as only JUnit's launcher
 * discovers test engines, and the engines discover nothing). The pipeline itself never looks a
 * name up.
 *
 * <pre>{@code
 * try (TrackGenerator gen = TrackGenLauncher.open(config, PerEnvSeededRng.fromScalar(4096, 0))) { ... }
 * // with registries of your own (plugin folders, OSGi), and a runtime you own:
 * TrackGenLauncher launcher = new TrackGenLauncher(generators, runtimes);
 * TrackGenerator gen = launcher.builder(config).rng(rng).runtime(myRuntime).build();
 * }</pre>
 *
 * <p>Immutable; thread-safe as its registries are.
 */
public final class TrackGenLauncher {
    /** The generator {@code generator = auto} (the knob's default) selects. */
    public static final String DEFAULT_GENERATOR = "bezier";
    /** The runtime a generator runs on when the chosen runtime has no body for one of its kernels. */
    public static final String HOST_RUNTIME = "cpu";

    private final GeneratorRegistry generators;
    private final RuntimeRegistry runtimes;
    private final RuntimeOptions options;

    /**
     * @param generators where generator names are looked up
     * @param runtimes   where runtime names are looked up
     */
    public TrackGenLauncher(GeneratorRegistry generators, RuntimeRegistry runtimes) {
        this(generators, runtimes, RuntimeOptions.defaults());
    }

    private TrackGenLauncher(GeneratorRegistry generators, RuntimeRegistry runtimes, RuntimeOptions options) {
        this.generators = Objects.requireNonNull(generators, "generators");
        this.runtimes = Objects.requireNonNull(runtimes, "runtimes");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** @return a launcher over every generator and runtime {@link java.util.ServiceLoader} finds */
    public static TrackGenLauncher discover() {
        return new TrackGenLauncher(GeneratorRegistry.discover(), RuntimeRegistry.discover());
    }

    /**
     * The one-liner: discovers generators and runtimes, creates (and owns) the runtime named by
     * {@code config.runtime()}.
     *
     * @param config the configuration
     * @param rng    the per-environment seeds, one per env
     * @return the generator, to be closed
     * @throws UnknownNameException        if the generator or runtime is not registered
     * @throws RuntimeUnavailableException if the runtime cannot run here
     */
    public static TrackGenerator open(TrackGenConfig config, PerEnvSeededRng rng) {
        return discover().builder(config).rng(rng).build();
    }

    /**
     * @param runtimeOptions options for the runtimes this launcher creates
     * @return a launcher over the same registries with those options
     */
    public TrackGenLauncher withOptions(RuntimeOptions runtimeOptions) {
        return new TrackGenLauncher(generators, runtimes, runtimeOptions);
    }

    /** @return the generators names are looked up in */
    public GeneratorRegistry generators() {
        return generators;
    }

    /** @return the runtimes names are looked up in */
    public RuntimeRegistry runtimes() {
        return runtimes;
    }

    /**
     * @param name a generator name, or {@code auto} for {@value #DEFAULT_GENERATOR}
     * @return the registered generator
     * @throws UnknownNameException listing the registered names
     */
    public CenterlineGenerator generator(String name) {
        return generators.get(name.equals(PipelineKnobs.GENERATOR.defaultValue()) ? DEFAULT_GENERATOR : name);
    }

    /**
     * @param config a configuration
     * @return it rebuilt for the generator its {@code generator} knob names: that generator's
     *         knobs declared, its sizing and cross-knob rules applied
     * @throws UnknownNameException if the generator is not registered
     * @throws dev.trackgen.api.config.InvalidConfigException if its rules refuse the configuration
     */
    public TrackGenConfig bind(TrackGenConfig config) {
        return config.toBuilder().generator(generator(config.generator())).build();
    }

    /**
     * A builder handed the generator named by {@code config.generator()}, a factory for the
     * runtime named by {@code config.runtime()} (used unless {@code .runtime(yours)} is set), and
     * a factory for the host runtime ({@value #HOST_RUNTIME}) for a generator that runtime cannot
     * run. Set the RNG and build.
     *
     * @param config the configuration
     * @return the builder
     * @throws UnknownNameException if the generator is not registered (a runtime name is checked at build)
     */
    public TrackGenerator.Builder builder(TrackGenConfig config) {
        return TrackGenerator.builder(config)
                .generator(generator(config.generator()))
                .runtimeFactory(() -> runtimes.create(config.runtime(), options))
                .hostRuntime(this::hostRuntime);
    }

    /**
     * @return a new host runtime ({@value #HOST_RUNTIME}, eager) for a generator whose kernels the
     *         chosen runtime cannot run; what a {@link TrackGenerator.Builder#hostRuntime} factory returns
     * @throws UnknownNameException if no {@value #HOST_RUNTIME} runtime is registered
     */
    public ComputeRuntime hostRuntime() {
        return runtimes.create(HOST_RUNTIME, options.withReplay(false));
    }

    /**
     * Centerlines from elsewhere on the runtime named by {@code config.runtime()}, created here
     * and closed with the pipeline.
     *
     * @param config              the configuration
     * @param pointsPerCenterline points of every input centerline, {@code >= 3}
     * @return the pipeline, to be closed
     * @throws UnknownNameException        if the runtime is not registered
     * @throws RuntimeUnavailableException if it cannot run here
     */
    public CenterlinePipeline centerlines(TrackGenConfig config, int pointsPerCenterline) {
        return CenterlinePipeline.owning(config, pointsPerCenterline, runtimes.create(config.runtime(), options));
    }
}
