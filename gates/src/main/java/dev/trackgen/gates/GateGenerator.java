package dev.trackgen.gates;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.kernel.MergeRowsI32Kernel;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.MaskedRuntime;
import dev.trackgen.pipeline.TrackGenerator;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The gate-course facade: a fixed batch of {@code E} gate courses per call,
 * {@code seeds -> track pipeline (plan view) -> gate placement -> altitude -> frames -> course line -> validity}.
 *
 * <p>The plan view is the track pipeline's: any {@link CenterlineGenerator} (built-in or a plugin
 * found through the generator SPI) runs through a {@link TrackGenerator} of
 * {@link GateConfig#trackConfig()}, and the gates are laid out on the resulting constant-spacing
 * centerline, so every generator the track pipeline runs gives gate courses with nothing to add
 * (docs/gates.md, "Where the plan view comes from"). After the original's {@code GateGenerator}
 * (AntoineRichard/TrackGen track_gen/_src/gate_generator.py, warp_gate.py).
 *
 * <p><b>Contract</b> (the track pipeline's, docs/architecture.md "Facade contract"): fixed batch;
 * one persistent {@link GateCourse}, allocated here and rewritten by every call; determinism per
 * env seed (a course depends on its own env's seed only, on any runtime and thread count);
 * on a runtime that prefers replay (CUDA) the gate stages are captured on the first call and
 * replayed after it (the track pipeline captures its own); every call holds the runtime's
 * execution lock; steady-state calls allocate nothing; {@link #generate(I32Array)} regenerates
 * the envs a mask selects and keeps every other env bit for bit.
 *
 * <pre>{@code
 * GateConfig config = GateConfig.builder().numEnvs(64).generator("bezier").build();
 * try (GateGenerator gen = GateGenerator.builder(config).generator(bezier).runtime(cpu).build()) {
 *     GateCourseSnapshot s = gen.generate().snapshot();
 * }
 * }</pre>
 */
public final class GateGenerator implements AutoCloseable {
    private final GateConfig config;
    private final PerEnvSeededRng rng;
    private final ArrayRecorder runtime;
    private final LockScope exclusive;
    private final TrackGenerator tracks;
    private final GateCourse course;
    private final int[] hostSeeds;
    private final I32Array seeds;
    private final I32Array fresh;
    private final I32Array flags;
    private final ComputeRuntime maskedView;
    private final LaunchPlan mergeSeeds;
    private final LaunchPlan plan;
    private final boolean replay;
    private CapturedGraph graph;
    private CapturedGraph maskedGraph;
    private boolean closed;

    private GateGenerator(Builder b) {
        this.config = Objects.requireNonNull(b.config, "config must not be null");
        CenterlineGenerator generator = Objects.requireNonNull(b.generator,
                "generator: the CenterlineGenerator of the plan view must be given (GeneratorRegistry finds one by name)");
        ComputeRuntime given = Objects.requireNonNull(b.runtime, "runtime: a ComputeRuntime must be given");
        int e = config.numEnvs();
        this.rng = b.rng != null ? b.rng : PerEnvSeededRng.fromScalar(e, (int) config.seed());
        if (rng.numEnvs() != e) {
            throw new IllegalArgumentException("the RNG holds " + rng.numEnvs() + " seeds but num_envs is " + e);
        }
        TrackGenerator.Builder tb = TrackGenerator.builder(config.trackConfig()).generator(generator).runtime(given)
                .rng(rng);
        if (b.hostRuntime != null) {
            tb.hostRuntime(b.hostRuntime);
        }
        this.tracks = tb.build();
        this.runtime = new ArrayRecorder(given);
        this.exclusive = new LockScope(given.executionLock());
        try {
            this.course = GateCourse.allocate(runtime, e, config.maxGates(), config.samplesPerGate());
            this.hostSeeds = new int[e];
            this.seeds = runtime.allocI32(e);
            this.fresh = runtime.allocI32(e);
            this.flags = runtime.allocI32(e);
            this.maskedView = new MaskedRuntime(given, new EnvMask(flags, e));
            this.mergeSeeds = LaunchPlan.builder()
                    .launch(e, MergeRowsI32Kernel.INSTANCE.args().fresh(fresh).flags(flags).n(1).out(seeds)).build();
            this.plan = new GateStages(runtime, config, tracks.track(), seeds, course).plan();
            this.replay = given.prefersReplay();
        } catch (RuntimeException ex) {
            runtime.freeAll();
            tracks.close();
            throw ex;
        }
    }

    /**
     * @param config the validated configuration
     * @return a builder to hand the generator its plan-view generator, runtime and RNG
     */
    public static Builder builder(GateConfig config) {
        return new Builder(config);
    }

    /**
     * Generates the batch for the RNG's current seeds.
     *
     * @return the persistent {@link GateCourse}, the same instance on every call
     * @throws IllegalStateException if this generator is closed
     */
    public GateCourse generate() {
        try (LockScope held = exclusive.acquire()) {
            checkOpen();
            tracks.generate();
            rng.copySeedsInto(hostSeeds);
            ComputeRuntime rt = runtime.target();
            rt.upload(hostSeeds, seeds);
            if (!replay) {
                plan.enqueue(rt);
            } else {
                if (graph == null) {
                    plan.enqueue(rt);
                    rt.synchronize();
                    graph = rt.capture(() -> plan.enqueue(rt));
                }
                graph.replay();
            }
            rt.synchronize();
            return course;
        }
    }

    /**
     * Regenerates the envs a mask selects from the RNG's current seeds of those envs (reseed them
     * first); every other env keeps its course, bit for bit. Costs as the track pipeline's masked
     * call ({@link TrackGenerator#generate(I32Array)}): on the CPU the selected envs alone run.
     *
     * @param mask {@code [E]} int32 on this generator's runtime, nonzero = regenerate
     * @return the persistent {@link GateCourse}
     * @throws NullPointerException     if {@code mask} is null
     * @throws IllegalArgumentException if {@code mask} does not hold {@code num_envs} flags
     * @throws IllegalStateException    if this generator is closed
     */
    public GateCourse generate(I32Array mask) {
        Objects.requireNonNull(mask, "mask");
        try (LockScope held = exclusive.acquire()) {
            checkOpen();
            if (mask.length() != config.numEnvs()) {
                throw new IllegalArgumentException("the mask holds " + mask.length() + " flags but num_envs is "
                        + config.numEnvs());
            }
            tracks.generate(mask);
            rng.copySeedsInto(hostSeeds);
            ComputeRuntime rt = runtime.target();
            rt.upload(hostSeeds, fresh);
            rt.copy(mask, flags);
            if (!replay) {
                runMasked();
            } else {
                if (maskedGraph == null) {
                    runMasked();
                    rt.synchronize();
                    maskedGraph = rt.capture(this::runMasked);
                }
                maskedGraph.replay();
            }
            rt.synchronize();
            return course;
        }
    }

    private void runMasked() {
        mergeSeeds.enqueue(maskedView);
        plan.enqueue(maskedView);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this GateGenerator is closed");
        }
    }

    /** @return the persistent output batch */
    public GateCourse course() {
        return course;
    }

    /** @return the configuration */
    public GateConfig config() {
        return config;
    }

    /** @return the RNG whose seeds every call reads */
    public PerEnvSeededRng rng() {
        return rng;
    }

    /** @return the runtime the courses live on */
    public ComputeRuntime runtime() {
        return runtime.target();
    }

    /** @return the plan-view tracks of the last call (the track pipeline's persistent batch) */
    public Track track() {
        return tracks.track();
    }

    /** @return whether calls replay captured graphs */
    public boolean replaying() {
        return replay;
    }

    /** Releases the captured graphs and frees every array this generator allocated on the runtime (which stays open). */
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
            if (maskedGraph != null) {
                maskedGraph.close();
            }
            tracks.close();
            runtime.freeAll();
        }
    }

    /** Hands a {@link GateGenerator} its parts. */
    public static final class Builder {
        private final GateConfig config;
        private CenterlineGenerator generator;
        private ComputeRuntime runtime;
        private Supplier<? extends ComputeRuntime> hostRuntime;
        private PerEnvSeededRng rng;

        private Builder(GateConfig config) {
            this.config = config;
        }

        /**
         * @param g the plan view's centerline generator; the configuration's {@code generator} must be its name or {@code auto}
         * @return this builder
         */
        public Builder generator(CenterlineGenerator g) {
            this.generator = g;
            return this;
        }

        /**
         * @param rt the runtime to run on, the caller's: left open by {@link GateGenerator#close()}
         * @return this builder
         */
        public Builder runtime(ComputeRuntime rt) {
            this.runtime = rt;
            return this;
        }

        /**
         * @param create makes a host runtime for a generator whose kernels the runtime cannot run
         *               (as {@link TrackGenerator.Builder#hostRuntime})
         * @return this builder
         */
        public Builder hostRuntime(Supplier<? extends ComputeRuntime> create) {
            this.hostRuntime = create;
            return this;
        }

        /**
         * @param r the per-env seeds; default {@code PerEnvSeededRng.fromScalar(num_envs, (int) seed)}
         * @return this builder
         */
        public Builder rng(PerEnvSeededRng r) {
            this.rng = r;
            return this;
        }

        /**
         * @return the generator, its buffers allocated
         * @throws NullPointerException     if no generator or runtime was given
         * @throws IllegalArgumentException on an RNG of the wrong size, or a configuration naming another generator
         * @throws dev.trackgen.api.runtime.RuntimeUnavailableException if the generator needs a host runtime and none was given
         */
        public GateGenerator build() {
            return new GateGenerator(this);
        }
    }
}
