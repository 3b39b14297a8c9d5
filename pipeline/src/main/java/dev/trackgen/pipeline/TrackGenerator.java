package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The facade: generates a fixed batch of {@code E} closed race tracks per call,
 * {@code seeds -> generator -> constant-spacing resample -> XPBD relax -> inflate -> Track}.
 *
 * <p><b>Contract</b> (after the original implementation's {@code TrackGenerator}, AntoineRichard/TrackGen
 * track_gen/_src/track_generator.py):
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
 *   <li>Steady-state calls allocate nothing: every buffer and launch binding is made here (the
 *       kept intermediates on the first {@link #intermediates()} call).</li>
 * </ul>
 *
 * <p>It is handed what it runs, resolved: the {@link CenterlineGenerator}, the
 * {@link ComputeRuntime} (or how to create one it then owns), and how to create a host runtime
 * for a generator whose kernels that runtime cannot run. It discovers nothing and names no
 * runtime; {@code dev.trackgen.registry.TrackGenLauncher} resolves those parts by name, from the
 * configuration's {@code generator} and {@code runtime} knobs.
 *
 * <pre>{@code
 * try (TrackGenerator gen = TrackGenerator.builder(config).generator(generator).runtime(runtime)
 *         .rng(PerEnvSeededRng.fromScalar(config.numEnvs(), 0)).build()) {
 *     Track track = gen.generate();
 *     TrackSnapshot host = track.snapshot();
 * }
 * // or, discovering generator and runtimes by name: TrackGenLauncher.open(config, rng)
 * }</pre>
 */
public final class TrackGenerator implements AutoCloseable {
    private final TrackGenConfig config;
    private final PerEnvSeededRng rng;
    private final ComputeRuntime runtime;
    /** The runtime's execution lock, held for every public call. */
    private final LockScope exclusive;
    private final boolean ownsRuntime;
    /** Set when the runtime is the caller's: what to free on {@link #close()}. */
    private final AllocationRecorder recorder;
    private final CenterlineGenerator generator;
    private final Track track;
    private final int[] hostSeeds;
    private final I32Array seedBuffer;
    private final Vec2Array generated;
    private final I32Array genValid;
    private Vec2Array spaced;
    private Vec2Array relaxed;
    private final CenterlineStage centerlines;
    private LaunchPlan post;
    private boolean intermediatesKept;
    private boolean ran;
    private final boolean replay;
    private final MaskedRegeneration masked;
    private CapturedGraph graph;
    private boolean graphIncludesGenerator;
    private boolean closed;

    private TrackGenerator(Builder b) {
        Objects.requireNonNull(b.config, "config must not be null");
        this.rng = Objects.requireNonNull(b.rng, "rng: a PerEnvSeededRng must be provided");
        this.generator = Objects.requireNonNull(b.generator, "generator: the CenterlineGenerator to run must be "
                + "given (dev.trackgen.registry.TrackGenLauncher finds one by name)");
        int e = b.config.numEnvs();
        if (rng.numEnvs() != e) {
            throw new IllegalArgumentException("the RNG holds " + rng.numEnvs() + " seeds but num_envs is " + e);
        }
        String named = b.config.generator();
        if (!named.equals(PipelineKnobs.GENERATOR.defaultValue()) && !named.equals(generator.name())) {
            throw new IllegalArgumentException("the configuration names generator '" + named + "' but the generator "
                    + "given is '" + generator.name() + "'");
        }
        // the generator's knobs join the configuration at their defaults unless it sets them; its
        // sizing and cross-knob rules apply
        this.config = b.config.toBuilder().generator(generator).build();
        if (b.runtime != null && !b.ownsRuntime) {
            this.recorder = new AllocationRecorder(b.runtime);
            this.runtime = recorder;
            this.ownsRuntime = false;
        } else if (b.runtime != null) {
            this.recorder = null;
            this.runtime = b.runtime;
            this.ownsRuntime = true;
        } else if (b.runtimeFactory != null) {
            this.recorder = null;
            this.runtime = Objects.requireNonNull(b.runtimeFactory.get(), "the runtime factory returned null");
            this.ownsRuntime = true;
        } else {
            throw new NullPointerException("runtime: a ComputeRuntime (or a factory for one) must be provided");
        }
        this.exclusive = new LockScope(runtime.executionLock());
        try {
            int n = config.numPoints();
            int nMax = config.nMax();
            this.track = Track.allocate(runtime, e, nMax);
            this.hostSeeds = new int[e];
            this.seedBuffer = runtime.allocI32(e);
            this.generated = runtime.allocVec2(e * n);
            this.genValid = runtime.allocI32(e);
            this.centerlines = centerlineStage(b.hostRuntime, genValid);

            TrackStages stages = new TrackStages(runtime, config, n, generated, genValid, track, false, seedBuffer);
            this.spaced = stages.spaced();
            this.relaxed = stages.relaxed();
            this.post = stages.plan();
            this.replay = runtime.prefersReplay();
            this.masked = new MaskedRegeneration(runtime, seedBuffer);
        } catch (RuntimeException ex) {
            if (ownsRuntime) {
                runtime.close();
            } else {
                recorder.freeAll();
            }
            throw ex;
        }
    }

    private CenterlineStage centerlineStage(Supplier<? extends ComputeRuntime> hostRuntime, I32Array genValid) {
        boolean onDevice = true;
        for (Kernel k : generator.kernels()) {
            onDevice &= runtime.supports(k);
        }
        if (onDevice) {
            return new CenterlineStage.OnDevice(generator, runtime, config, seedBuffer, generated, genValid);
        }
        if (hostRuntime == null) {
            throw new RuntimeUnavailableException("runtime " + runtime.name() + " has no body for a kernel of generator '"
                    + generator.name() + "', and no host runtime was given to run it on (Builder.hostRuntime)");
        }
        ComputeRuntime host = Objects.requireNonNull(hostRuntime.get(), "the host runtime factory returned null");
        return new CenterlineStage.OnHost(generator, host, runtime, config, hostSeeds, generated, genValid);
    }

    /**
     * @param config the validated configuration
     * @return a builder to hand the generator the RNG, generator and runtimes
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
        try (LockScope held = exclusive.acquire()) {
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
            ran = true;
            return track;
        }
    }

    /**
     * Regenerates the envs a mask selects, from the RNG's current seeds of those envs (reseed them
     * first, e.g. {@link PerEnvSeededRng#reseed(int[], int[])}); every other env keeps its track and its seed,
     * bit for bit, whatever the RNG holds for it. The mask is a device array of this generator's
     * runtime that the caller rewrites in place between calls.
     *
     * <p>Cost: on the CPU runtime the selected envs alone run, dealt out evenly over the workers
     * (not by index range), so a call costs in proportion to their number. On a runtime that runs
     * masked launches whole (CUDA) it costs a full call: the unselected envs are recomputed from
     * the seeds they kept, which rewrites their rows with the values they hold. On a runtime that
     * prefers replay the masked sequence is captured on the first masked call and replayed with
     * any mask after that. A generator that is not capturable runs eagerly, for the selected envs.
     * Allocation-free after the first masked call.
     *
     * @param mask {@code [E]} int32 on this generator's runtime, nonzero = regenerate
     * @return the persistent {@link Track}, the same instance on every call
     * @throws NullPointerException     if {@code mask} is null
     * @throws IllegalArgumentException if {@code mask} does not hold {@code num_envs} flags, or is
     *                                  not an array of this generator's runtime
     * @throws IllegalStateException    if this generator is closed
     */
    public Track generate(I32Array mask) {
        Objects.requireNonNull(mask, "mask");
        try (LockScope held = exclusive.acquire()) {
            if (closed) {
                throw new IllegalStateException("this TrackGenerator is closed");
            }
            rng.copySeedsInto(hostSeeds);
            masked.run(mask, hostSeeds, centerlines, post, replay);
            runtime.synchronize();
            ran = true;
            return track;
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

    /** @return the runtime the pipeline runs on (the one given to the builder, or the one created for it) */
    public ComputeRuntime runtime() {
        return recorder != null ? recorder.target() : runtime;
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
     * The intermediate buffers of the last call, for diagnostics and metrics; every later call
     * rewrites them in place.
     *
     * <p>Until this is first called, a generator keeps only the raw centerlines between calls:
     * the constant-spacing and relaxed centerlines pass through the output's border rows, which
     * the inflation then overwrites, so a batch holds about the {@code Track} and the raw
     * centerlines per env. The first call allocates two {@code [E * N_max]} arrays for them and,
     * when a call already ran, reruns the stages after the generator on the last call's
     * centerlines (they rewrite the {@code Track} with the values it holds), so that they hold
     * that call's intermediates; a captured graph is captured anew on the next call.
     *
     * @return the generated, constant-spacing and relaxed centerlines
     * @throws IllegalStateException if this generator is closed before the intermediates were kept
     */
    public Intermediates intermediates() {
        try (LockScope held = exclusive.acquire()) {
            if (!intermediatesKept) {
                if (closed) {
                    throw new IllegalStateException("this TrackGenerator is closed");
                }
                keepIntermediates();
            }
            return new Intermediates(generated, spaced, relaxed);
        }
    }

    private void keepIntermediates() {
        TrackStages stages = new TrackStages(runtime, config, config.numPoints(), generated, genValid, track, true,
                seedBuffer);
        spaced = stages.spaced();
        relaxed = stages.relaxed();
        post = stages.plan();
        intermediatesKept = true;
        if (graph != null) {
            graph.close();
            graph = null;
        }
        masked.forgetGraph();
        if (ran) {
            post.enqueue(runtime);
            runtime.synchronize();
        }
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

    /**
     * Releases the captured graph, a host runtime, and the runtime if this generator owns it; on a
     * runtime it was given (and does not close), it frees every array it allocated there, the
     * {@link #track()}'s included ({@link ComputeRuntime#free}: device memory at once on CUDA; on
     * the CPU the garbage collector's).
     */
    @Override
    public void close() {
        try (LockScope held = exclusive.acquire()) {
            if (closed) {
                return;
            }
            closed = true;
            if (graph != null) {
                graph.close();
            }
            masked.close();
            centerlines.close();
            if (recorder != null) {
                recorder.freeAll();
            }
        }
        if (ownsRuntime) {
            runtime.close();
        }
    }

    /** Hands a {@link TrackGenerator} its parts: the RNG, the generator, the runtime and a host runtime. */
    public static final class Builder {
        private final TrackGenConfig config;
        private PerEnvSeededRng rng;
        private CenterlineGenerator generator;
        private ComputeRuntime runtime;
        private boolean ownsRuntime;
        private Supplier<? extends ComputeRuntime> runtimeFactory;
        private Supplier<? extends ComputeRuntime> hostRuntime;

        private Builder(TrackGenConfig config) {
            this.config = config;
        }

        /**
         * @param rng the per-environment seeds, one per env
         * @return this builder
         */
        public Builder rng(PerEnvSeededRng rng) {
            this.rng = rng;
            return this;
        }

        /**
         * @param generator the generator to run; the configuration's {@code generator} knob must be
         *                  its name or left at its default ({@code auto})
         * @return this builder
         */
        public Builder generator(CenterlineGenerator generator) {
            this.generator = generator;
            return this;
        }

        /**
         * @param runtime a runtime to run on, owned by the caller and left open by {@link #close()},
         *                which frees the arrays the generator allocated on it
         * @return this builder
         */
        public Builder runtime(ComputeRuntime runtime) {
            this.runtime = runtime;
            this.ownsRuntime = false;
            return this;
        }

        /**
         * @param create makes the runtime when no {@link #runtime(ComputeRuntime)} is given; the
         *               generator owns what it returns and closes it
         * @return this builder
         */
        public Builder runtimeFactory(Supplier<? extends ComputeRuntime> create) {
            this.runtimeFactory = create;
            return this;
        }

        /**
         * @param create makes a host (CPU) runtime for a generator whose kernels the runtime cannot
         *               run (a Java-only plugin on CUDA); called only then, once; the generator owns
         *               what it returns. Without it such a generator is a
         *               {@link RuntimeUnavailableException}.
         * @return this builder
         */
        public Builder hostRuntime(Supplier<? extends ComputeRuntime> create) {
            this.hostRuntime = create;
            return this;
        }

        /**
         * @return the generator, its buffers allocated
         * @throws NullPointerException     if no RNG, generator or runtime was given
         * @throws IllegalArgumentException on a batch-size mismatch, or a configuration naming another generator
         * @throws RuntimeUnavailableException if the generator's kernels need a host runtime and none was given
         * @throws dev.trackgen.api.config.InvalidConfigException if the generator's rules refuse the configuration
         */
        public TrackGenerator build() {
            return new TrackGenerator(this);
        }
    }
}
