package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.UnknownNameException;

import java.util.Objects;
import java.util.concurrent.locks.Lock;

/**
 * The facade: generates a fixed batch of {@code E} closed race tracks per call,
 * {@code seeds -> generator -> constant-spacing resample -> XPBD relax -> inflate -> Track}.
 *
 * <p><b>Contract</b> (after the original implementation's {@code TrackGenerator}):
 * <ul>
 *   <li>Fixed batch: {@code num_envs} is fixed at construction; {@link #generate()} and
 *       {@link #generate(int)} with {@code n == num_envs} run the batch, any other {@code n} is an
 *       {@link IllegalArgumentException} naming both numbers.</li>
 *   <li>One persistent {@link Track}, allocated at construction and returned by every call; its
 *       arrays are rewritten in place and never reallocated. {@link Track#snapshot()} copies it.</li>
 *   <li>Determinism: every call re-reads the RNG's current per-env seeds; with an unchanged RNG
 *       two calls give identical batches, on any runtime and thread count.</li>
 *   <li>On a runtime that {@linkplain ComputeRuntime#prefersReplay() prefers replay} (CUDA), the
 *       first call warms up, then captures the whole pipeline into one graph; later calls copy the
 *       new seeds into the pre-allocated seed buffer and replay it. A non-capturable generator
 *       runs eagerly each call before the captured remainder. Elsewhere (CPU) every call runs
 *       eagerly on all cores.</li>
 *   <li>All work of a call runs under the runtime's {@linkplain ComputeRuntime#executionLock()
 *       execution lock}, so concurrent calls never interleave on a capture stream.</li>
 *   <li>Steady-state calls allocate nothing: every buffer and launch binding is made here.</li>
 * </ul>
 *
 * <pre>{@code
 * TrackGenConfig config = TrackGenConfig.builder().numEnvs(4096).runtime("cpu").build();
 * try (TrackGenerator gen = new TrackGenerator(config, PerEnvSeededRng.fromScalar(4096, 0))) {
 *     Track track = gen.generate();
 *     TrackSnapshot host = track.snapshot();
 * }
 * }</pre>
 */
public final class TrackGenerator implements AutoCloseable {
    private final TrackGenConfig config;
    private final PerEnvSeededRng rng;
    private final ComputeRuntime runtime;
    private final boolean ownsRuntime;
    private final CenterlineGenerator generator;
    private final Track track;
    private final int[] hostSeeds;
    private final I32Array seedBuffer;
    private final Vec2Array generated;
    private final Vec2Array spaced;
    private final Vec2Array relaxed;
    private final CenterlineStage centerlines;
    private final LaunchPlan post;
    private final boolean replay;
    private CapturedGraph graph;
    private boolean graphIncludesGenerator;
    private boolean closed;

    /**
     * Builds a generator with the generators and runtimes found on the module and class path,
     * creating (and owning) the runtime named by {@code config.runtime()}.
     *
     * @param config the validated configuration
     * @param rng    the per-environment seeds, one per env
     * @throws NullPointerException     if {@code config} or {@code rng} is null
     * @throws IllegalArgumentException if the RNG's batch size differs from {@code num_envs}
     * @throws UnknownNameException     if the generator or runtime is not registered (the message lists those that are)
     * @throws RuntimeUnavailableException if the runtime cannot run here, or has no body for a
     *         pipeline kernel (a CUDA build without kernels)
     */
    public TrackGenerator(TrackGenConfig config, PerEnvSeededRng rng) {
        this(builder(config).rng(rng));
    }

    private TrackGenerator(Builder b) {
        Objects.requireNonNull(b.config, "config must not be null");
        this.rng = Objects.requireNonNull(b.rng, "rng: a PerEnvSeededRng must be provided");
        int e = b.config.numEnvs();
        if (rng.numEnvs() != e) {
            throw new IllegalArgumentException("the RNG holds " + rng.numEnvs() + " seeds but num_envs is " + e);
        }
        GeneratorRegistry generators = b.generators != null ? b.generators : GeneratorRegistry.discover();
        RuntimeRegistry runtimes = b.runtimes;
        this.generator = generators.get(b.config.generator());
        // a plugin's own knobs join the configuration at their defaults unless it already sets them
        this.config = b.config.toBuilder().declare(generator.knobs()).build();
        if (b.runtime != null) {
            this.runtime = b.runtime;
            this.ownsRuntime = false;
        } else {
            runtimes = runtimes != null ? runtimes : RuntimeRegistry.discover();
            this.runtime = runtimes.create(config.runtime(), b.options);
            this.ownsRuntime = true;
        }
        try {
            int n = config.numPoints();
            int nMax = config.nMax();
            this.track = Track.allocate(runtime, e, nMax);
            this.hostSeeds = new int[e];
            this.seedBuffer = runtime.allocI32(e);
            this.generated = runtime.allocVec2(e * n);
            I32Array genValid = runtime.allocI32(e);
            this.centerlines = centerlineStage(runtimes, b.options, genValid);

            TrackStages stages = new TrackStages(runtime, config, n, generated, genValid, track);
            this.spaced = stages.spaced();
            this.relaxed = stages.relaxed();
            this.post = stages.plan();
            this.replay = runtime.prefersReplay();
        } catch (RuntimeException ex) {
            if (ownsRuntime) {
                runtime.close();
            }
            throw ex;
        }
    }

    private CenterlineStage centerlineStage(RuntimeRegistry runtimes, RuntimeOptions options, I32Array genValid) {
        boolean onDevice = true;
        for (Kernel k : generator.kernels()) {
            onDevice &= runtime.supports(k);
        }
        if (onDevice) {
            return new CenterlineStage.OnDevice(generator, runtime, config, seedBuffer, generated, genValid);
        }
        RuntimeRegistry r = runtimes != null ? runtimes : RuntimeRegistry.discover();
        ComputeRuntime host = r.create("cpu", options.withReplay(false));
        return new CenterlineStage.OnHost(generator, host, runtime, config, hostSeeds, generated, genValid);
    }

    /**
     * @param config the validated configuration
     * @return a builder to choose the RNG, runtime and registries by hand
     */
    public static Builder builder(TrackGenConfig config) {
        return new Builder(config);
    }

    /**
     * Generates the batch for the RNG's current seeds.
     *
     * @return the persistent {@link Track}, the same instance on every call
     * @throws IllegalStateException if this generator is closed
     */
    public Track generate() {
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("this TrackGenerator is closed");
            }
            rng.copySeedsInto(hostSeeds);
            runtime.upload(hostSeeds, seedBuffer);
            if (!replay) {
                runEagerly();
            } else {
                if (graph == null) {
                    runEagerly();
                    runtime.synchronize();
                    graphIncludesGenerator = centerlines.capturable();
                    graph = graphIncludesGenerator
                            ? runtime.capture(this::runEagerly)
                            : runtime.capture(() -> post.enqueue(runtime));
                }
                if (!graphIncludesGenerator) {
                    centerlines.run();
                }
                graph.replay();
            }
            runtime.synchronize();
            return track;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Generates the batch, checking the requested size against the fixed batch.
     *
     * @param numEnvs must equal {@code num_envs}
     * @return the persistent {@link Track}
     * @throws IllegalArgumentException if {@code numEnvs} differs from the configured batch
     */
    public Track generate(int numEnvs) {
        if (numEnvs != config.numEnvs()) {
            throw new IllegalArgumentException("this TrackGenerator is fixed-batch for num_envs = " + config.numEnvs()
                    + " but generate(" + numEnvs + ") was called; build a TrackGenerator with num_envs = " + numEnvs
                    + " instead");
        }
        return generate();
    }

    private void runEagerly() {
        centerlines.run();
        post.enqueue(runtime);
    }

    /** @return the persistent output batch */
    public Track track() {
        return track;
    }

    /**
     * @return the configuration in use: the one given, with the generator's own knobs declared
     *         (at their defaults where the given configuration did not set them)
     */
    public TrackGenConfig config() {
        return config;
    }

    /** @return the RNG whose seeds every call reads */
    public PerEnvSeededRng rng() {
        return rng;
    }

    /** @return the runtime the pipeline runs on */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** @return the generator plugin in use */
    public CenterlineGenerator generator() {
        return generator;
    }

    /** @return whether calls replay a captured graph */
    public boolean replaying() {
        return replay;
    }

    /** @return whether the generator runs on the host and its output is uploaded */
    public boolean generatorOnHost() {
        return centerlines instanceof CenterlineStage.OnHost;
    }

    /**
     * The intermediate buffers of the last call, for diagnostics and metrics.
     *
     * @return the generated, constant-spacing and relaxed centerlines
     */
    public Intermediates intermediates() {
        return new Intermediates(generated, spaced, relaxed);
    }

    /**
     * Intermediate centerlines of the last call.
     *
     * @param generated {@code [E * num_points]} raw generator output
     * @param spaced    {@code [E * N_max]} constant-spacing resample, NaN-padded
     * @param relaxed   {@code [E * N_max]} after XPBD relaxation (the same array as {@code spaced}
     *                  when relaxation is disabled)
     */
    public record Intermediates(Vec2Array generated, Vec2Array spaced, Vec2Array relaxed) {
    }

    /** Releases the captured graph, a host runtime, and the runtime if this generator created it. */
    @Override
    public void close() {
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (graph != null) {
                graph.close();
            }
            centerlines.close();
        } finally {
            lock.unlock();
        }
        if (ownsRuntime) {
            runtime.close();
        }
    }

    /** Chooses the parts of a {@link TrackGenerator} by hand. */
    public static final class Builder {
        private final TrackGenConfig config;
        private PerEnvSeededRng rng;
        private ComputeRuntime runtime;
        private GeneratorRegistry generators;
        private RuntimeRegistry runtimes;
        private RuntimeOptions options = RuntimeOptions.defaults();

        private Builder(TrackGenConfig config) {
            this.config = config;
        }

        /**
         * @param rng the per-environment seeds
         * @return this builder
         */
        public Builder rng(PerEnvSeededRng rng) {
            this.rng = rng;
            return this;
        }

        /**
         * @param runtime a runtime to run on, owned by the caller (otherwise one is created from
         *                {@code config.runtime()} and closed with the generator)
         * @return this builder
         */
        public Builder runtime(ComputeRuntime runtime) {
            this.runtime = runtime;
            return this;
        }

        /**
         * @param options options for a runtime created by the generator
         * @return this builder
         */
        public Builder runtimeOptions(RuntimeOptions options) {
            this.options = Objects.requireNonNull(options);
            return this;
        }

        /**
         * @param generators the generators to choose from
         * @return this builder
         */
        public Builder generators(GeneratorRegistry generators) {
            this.generators = generators;
            return this;
        }

        /**
         * @param runtimes the runtimes to choose from
         * @return this builder
         */
        public Builder runtimes(RuntimeRegistry runtimes) {
            this.runtimes = runtimes;
            return this;
        }

        /**
         * @return the generator
         * @throws NullPointerException     if no RNG was given
         * @throws IllegalArgumentException on a batch-size mismatch
         * @throws UnknownNameException     for an unknown generator or runtime
         */
        public TrackGenerator build() {
            return new TrackGenerator(this);
        }
    }
}
