package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.MaskedRuntime;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.course.props.PropSampler;
import dev.trackgen.pipeline.TrackGenerator;

import java.util.Objects;
import java.util.Optional;
import dev.trackgen.course.kernel.RespawnKernel;

/**
 * A batch of tracks with everything a sim loop needs on them, in one object: generation, the
 * start line and grid, checkpoints, the speed profile, props, localization, progress and
 * off-road collision, kept coherent through whole and per-env regeneration.
 *
 * <p><b>Life cycle.</b>
 * <ol>
 *   <li>{@link #create(TrackGenerator, CourseConfig)} takes a generator (it then owns it) and
 *       builds the per-generation parts;</li>
 *   <li>{@link #bind(Poses)} binds the caller's pose buffers once ({@link #allocatePoses()} makes
 *       them) and builds the per-step parts;</li>
 *   <li>{@link #generate()} regenerates the whole batch, recomputes every part that depends on the
 *       tracks (start grid, checkpoints, speed profile, props, SDF bake), puts every agent on its
 *       start slot and resets localization and progress;</li>
 *   <li>{@link #step()} localizes every agent, advances its progress and checks its vehicle box,
 *       returning one persistent {@link CourseStep};</li>
 *   <li>{@link #reset(I32Array)} respawns the agents of the masked envs on their start slots, on
 *       the same tracks; {@link #regenerate(I32Array)} gives the masked envs new tracks (from the
 *       RNG's current seeds of those envs: reseed them first) and refreshes their parts and their
 *       agents, leaving every other env bit for bit as it was.</li>
 * </ol>
 *
 * <p><b>Runtimes and capture.</b> Everything runs on the generator's runtime, under its
 * {@linkplain ComputeRuntime#executionLock() execution lock} (one process-wide lock on CUDA). On a
 * runtime that {@linkplain ComputeRuntime#prefersReplay() prefers replay} (CUDA) {@code step()} runs
 * eagerly once, is captured into a graph on its second call and replayed after that; the
 * per-env refresh of {@code regenerate(mask)} and {@code reset(mask)} is captured the same way
 * (the caller's mask is copied into the course's own flags first, so any mask array may be passed).
 * To record the step into a graph of your own, issue {@link #enqueueStep()} inside your capture:
 * {@code runtime.capture(() -> { mySim.enqueue(); course.enqueueStep(); })}.
 *
 * <p><b>Cost.</b> On the CPU runtime a masked regeneration runs the masked envs alone for the
 * tracks and for their dependents, so it costs in proportion to their number; on CUDA it costs a
 * full call (the unmasked envs are recomputed to the values they hold). After the first call of
 * each kind, {@code step()}, {@code reset(mask)} and {@code regenerate(mask)} allocate nothing.
 *
 * <p><b>Modes.</b> What the course computes on the tracks and per step is its {@link CourseMode},
 * chosen by {@link CourseConfig#mode()} (default {@link RaceMode race}: checkpoints, speed profile,
 * props, localization, progress, off-road collision); the course itself owns the life cycle, the
 * start grid and the respawn every mode shares. A new mode is one class plus its registration
 * (see {@link CourseMode}).
 *
 * <p>The parts stay reachable ({@link #localizer()}, {@link #tracker()}, {@link #grid()},
 * {@link #part(Class)}, ...) for users who read more of them or wire their own. Results of invalid
 * envs carry no promise.
 */
public final class Course implements AutoCloseable {
    private static final String NOT_READY = "bind the pose buffers and generate the batch first: "
            + "course.bind(course.allocatePoses()); course.generate()";

    private final TrackGenerator generator;
    private final CourseConfig config;
    private final CourseMode mode;
    private final Track track;
    private final ComputeRuntime runtime;
    private final LockScope exclusive;
    private final int envs;
    private final int agents;
    private final StartGrid grid;
    private final CourseContext context;
    private final I32Array flags;
    private final I32Array allFlags;
    private final I32Array agentMask;
    private final ComputeRuntime maskedView;
    private final LaunchPlan refreshPlan;

    private Poses poses;
    private LaunchPlan bakePlan;
    private LaunchPlan respawnPlan;
    private ReplayedSequence stepSequence;
    private ReplayedSequence maskedRefresh;
    private ReplayedSequence respawn;
    private boolean generated;
    private boolean closed;

    private Course(TrackGenerator generator, CourseConfig config, CourseMode mode) {
        this.generator = generator;
        this.config = config;
        this.mode = mode;
        this.track = generator.track();
        this.runtime = generator.runtime();
        this.exclusive = new LockScope(runtime.executionLock());
        this.envs = track.numEnvs();
        this.agents = config.agents();
        double halfWidth = generator.config().halfWidth();
        StartGrid.Builder g = StartGrid.builder(track).halfWidth(halfWidth).slots(agents).rule(config.startRule());
        if (!Double.isNaN(config.gridRowGap())) {
            g.rowGap(config.gridRowGap());
        }
        this.grid = g.build();
        this.context = new CourseContext(track, config, halfWidth, grid);
        LaunchPlan modePlan = mode.buildTrackParts(context);
        this.flags = runtime.allocI32(envs);
        this.allFlags = Checks.filledI32(runtime, envs, 1);
        this.agentMask = runtime.allocI32(envs * agents);
        this.maskedView = new MaskedRuntime(runtime, new EnvMask(flags, envs));
        this.refreshPlan = LaunchPlan.builder().append(grid.plan()).append(modePlan).build();
    }

    /**
     * Builds a course on a generator's batch in the mode {@link CourseConfig#mode()} names;
     * nothing is generated yet (call {@link #generate()}).
     *
     * @param generator the tracks' generator; the course owns it from now on and closes it
     * @param config    the course's options
     * @return the course, with its per-generation parts built
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents * num_envs} is too large, no registered mode
     *                                  has the config's mode name, or a part refuses a parameter
     *                                  (its message names it)
     */
    public static Course create(TrackGenerator generator, CourseConfig config) {
        Objects.requireNonNull(config, "config");
        return create(generator, config, CourseModes.create(config.mode()));
    }

    /**
     * Builds a course on a generator's batch in a mode given as an instance (one not registered,
     * or loaded by another class loader); {@link CourseConfig#mode()} is not read.
     *
     * @param generator the tracks' generator; the course owns it from now on and closes it
     * @param config    the course's options
     * @param mode      a new mode instance, for this course alone
     * @return the course, with its per-generation parts built
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents * num_envs} is too large, or a part refuses
     *                                  a parameter (its message names it)
     */
    public static Course create(TrackGenerator generator, CourseConfig config, CourseMode mode) {
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(mode, "mode");
        long q = (long) generator.track().numEnvs() * config.agents();
        if (q > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("num_envs * agents = " + q + " agents is too many");
        }
        return new Course(generator, config, mode);
    }

    /**
     * @return fresh pose buffers of the right shape ({@code [E * A]}) on the course's runtime,
     *     for {@link #bind(Poses)}
     * @throws IllegalStateException if the course is closed
     */
    public Poses allocatePoses() {
        checkOpen();
        return Poses.allocate(runtime, envs * agents);
    }

    /**
     * Binds the caller's pose buffers, once. The per-step parts (localizer, progress tracker,
     * off-road checker over one vehicle box per agent, whose SDF grid is sized on the batch) are
     * built as soon as the batch is generated: now if it is, with every agent put on its start
     * slot, else by the first {@link #generate()}.
     *
     * @param poses {@code [E * A]} positions and headings on the course's runtime
     * @return this course
     * @throws NullPointerException     if {@code poses} is null
     * @throws IllegalArgumentException if the buffers do not hold {@code E * A} entries or live on
     *                                  another runtime
     * @throws IllegalStateException    if pose buffers are bound already, or the course is closed
     */
    public Course bind(Poses poses) {
        Objects.requireNonNull(poses, "poses");
        try (LockScope held = exclusive.acquire()) {
            checkOpen();
            if (this.poses != null) {
                throw new IllegalStateException("pose buffers are bound already; a course binds them once");
            }
            if (poses.size() != envs * agents) {
                throw new IllegalArgumentException("poses hold " + poses.size() + " entries, expected E * A = " + envs
                        + " * " + agents + " = " + envs * agents);
            }
            Checks.sameRuntime(runtime, poses.position(), "poses.position");
            Checks.sameRuntime(runtime, poses.heading(), "poses.heading");
            this.poses = poses;
            if (generated) { // the batch is there already: build the per-step parts, agents on the grid
                buildStepParts();
                runtime.copy(allFlags, flags);
                enqueueRespawn();
                runtime.synchronize();
            }
            return this;
        }
    }

    /**
     * Regenerates the whole batch from the RNG's current seeds, recomputes every part that depends
     * on the tracks and, when poses are bound, puts every agent on its start slot and resets its
     * localization and progress.
     *
     * @return the persistent {@link Track}
     * @throws IllegalStateException    if the course is closed
     * @throws IllegalArgumentException on the first call after binding, if the SDF grid cannot be
     *                                  sized on this batch (no valid track, or over its memory cap;
     *                                  the message says which and what to change)
     */
    public Track generate() {
        try (LockScope held = exclusive.acquire()) {
            checkOpen();
            generator.generate();
            generated = true;
            refreshPlan.enqueue(runtime);
            if (poses != null) {
                if (bakePlan == null) {
                    buildStepParts(); // the SDF grid is sized on the first batch, and baked
                } else {
                    bakePlan.enqueue(runtime);
                }
                runtime.copy(allFlags, flags);
                enqueueRespawn();
            }
            runtime.synchronize();
            return track;
        }
    }

    /**
     * Gives the envs a mask selects new tracks from the RNG's current seeds of those envs (reseed
     * them first, e.g. {@code course.rng().reseed(envIds, seeds)}), recomputes their start grid,
     * checkpoints, speed profile, props and SDF, and respawns their agents on the new grid with
     * localization and progress reset. Every other env keeps its track, its parts and its agents'
     * state bit for bit.
     *
     * @param mask {@code [E]} int32 on the course's runtime, nonzero = regenerate; read, not kept
     * @return the persistent {@link Track}
     * @throws NullPointerException     if {@code mask} is null
     * @throws IllegalArgumentException if the mask does not hold {@code E} flags or lives on another
     *                                  runtime
     * @throws IllegalStateException    if no poses are bound or nothing is generated yet, or the course is closed
     */
    public Track regenerate(I32Array mask) {
        checkMask(mask);
        try (LockScope held = exclusive.acquire()) {
            checkBound();
            generator.generate(mask);
            runtime.copy(mask, flags);
            maskedRefresh.run();
            runtime.synchronize();
            return track;
        }
    }

    /**
     * Puts the agents of the envs a mask selects back on their start slots, on the same tracks,
     * and resets their localization (next query scans cold) and progress (sentinel armed: the
     * first step after it reports no crossing).
     *
     * @param mask {@code [E]} int32 on the course's runtime, nonzero = respawn; read, not kept
     * @throws NullPointerException     if {@code mask} is null
     * @throws IllegalArgumentException if the mask does not hold {@code E} flags or lives on another
     *                                  runtime
     * @throws IllegalStateException    if no poses are bound or nothing is generated yet, or the course is closed
     */
    public void reset(I32Array mask) {
        checkMask(mask);
        respawnEnvs(mask);
    }

    /**
     * Respawns every agent ({@link #reset(I32Array)} with every env selected).
     *
     * @throws IllegalStateException if no poses are bound or nothing is generated yet, or the course is closed
     */
    public void resetAll() {
        respawnEnvs(allFlags);
    }

    private void respawnEnvs(I32Array envFlags) {
        try (LockScope held = exclusive.acquire()) {
            checkBound();
            runtime.copy(envFlags, flags);
            respawn.run();
            runtime.synchronize();
        }
    }

    /**
     * One sim step against the bound poses: localization, progress and (when configured) the
     * off-road check of every agent's vehicle box.
     *
     * @return the persistent result (the same object every call)
     * @throws IllegalStateException if no poses are bound or nothing is generated yet, or the course is closed
     */
    public CourseStep step() {
        try (LockScope held = exclusive.acquire()) {
            checkBound();
            stepSequence.run();
            runtime.synchronize();
            return mode.result();
        }
    }

    /** Builds the mode's step parts and the respawn plan, once bound and generated. */
    private void buildStepParts() {
        this.bakePlan = mode.buildStepParts(context, poses);
        this.respawnPlan = LaunchPlan.builder().launch(envs * agents, RespawnKernel.INSTANCE.args().mask(flags)
                .gridPosition(grid.positions()).gridHeading(grid.headings()).slots(agents).agents(agents)
                .position(poses.position()).heading(poses.heading()).agentMask(agentMask)).build();
        this.stepSequence = new ReplayedSequence(runtime, mode::enqueueStep);
        this.respawn = new ReplayedSequence(runtime, this::enqueueRespawn);
        this.maskedRefresh = new ReplayedSequence(runtime, this::enqueueMaskedRefresh);
    }

    /**
     * Issues the launches of one {@link #step()} on the course's runtime without the course's own
     * capture or synchronization: call it inside {@code runtime.capture(...)} to record the step
     * into a graph of your own (after one eager {@link #step()} as warm-up), holding the execution
     * lock as every capture on that runtime does.
     *
     * @throws IllegalStateException if no poses are bound or nothing is generated yet
     */
    public void enqueueStep() {
        if (bakePlan == null) {
            throw new IllegalStateException(NOT_READY);
        }
        mode.enqueueStep();
    }

    private void enqueueRespawn() {
        respawnPlan.enqueue(runtime);
        mode.enqueueReset(agentMask);
    }

    private void enqueueMaskedRefresh() {
        refreshPlan.enqueue(maskedView);
        bakePlan.enqueue(maskedView);
        enqueueRespawn();
    }

    private void checkMask(I32Array mask) {
        Objects.requireNonNull(mask, "mask");
        if (mask.length() != envs) {
            throw new IllegalArgumentException("the mask holds " + mask.length() + " flags but the course has " + envs
                    + " envs");
        }
        Checks.sameRuntime(runtime, mask, "mask");
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this Course is closed");
        }
    }

    private void checkBound() {
        checkOpen();
        if (bakePlan == null) {
            throw new IllegalStateException(NOT_READY);
        }
    }

    /** @return the batch (the generator's persistent track) */
    public Track track() {
        return track;
    }

    /** @return the generator the course owns */
    public TrackGenerator generator() {
        return generator;
    }

    /** @return the generator's RNG, to reseed envs before {@link #regenerate(I32Array)} */
    public PerEnvSeededRng rng() {
        return generator.rng();
    }

    /** @return the runtime everything runs on */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** @return the course's options */
    public CourseConfig config() {
        return config;
    }

    /** @return {@code E} */
    public int numEnvs() {
        return envs;
    }

    /** @return agents per env {@code A} */
    public int agents() {
        return agents;
    }

    /** @return the start line and grid (one slot per agent) */
    public StartGrid grid() {
        return grid;
    }

    /** @return the course's mode (what it computes on the tracks and per step) */
    public CourseMode mode() {
        return mode;
    }

    /**
     * @param type a part's class ({@code Checkpoints.class}, {@code TrackLocalizer.class}, ...)
     * @param <T>  its type
     * @return the mode's part of that class, or empty when the mode has none or has not built it
     *     yet (step parts come once bound and generated)
     */
    public <T> Optional<T> part(Class<T> type) {
        return mode.part(Objects.requireNonNull(type, "type"));
    }

    private <T> T required(Class<T> type) {
        Optional<T> p = mode.part(type);
        if (p.isEmpty()) {
            throw new IllegalStateException("the course's mode '" + mode.name() + "' has no " + type.getSimpleName());
        }
        return p.get();
    }

    /**
     * @return the checkpoints, starting at the start line
     * @throws IllegalStateException if the course's mode has none
     */
    public Checkpoints checkpoints() {
        return required(Checkpoints.class);
    }

    /**
     * @return the curvature and speed profile
     * @throws IllegalStateException if the course's mode has none
     */
    public SpeedProfile profile() {
        return required(SpeedProfile.class);
    }

    /** @return the props, or empty when the config asks for none (or the mode has none) */
    public Optional<PropSampler> props() {
        return mode.part(PropSampler.class);
    }

    /** @return the bound poses, or null before {@link #bind(Poses)} */
    public Poses poses() {
        return poses;
    }

    /**
     * @return the localizer (once bound and generated)
     * @throws IllegalStateException before that, or if the course's mode has none
     */
    public TrackLocalizer localizer() {
        checkBound();
        return required(TrackLocalizer.class);
    }

    /**
     * @return the progress tracker (once bound and generated)
     * @throws IllegalStateException before that, or if the course's mode has none
     */
    public ProgressTracker tracker() {
        checkBound();
        return required(ProgressTracker.class);
    }

    /** @return the off-road checker (once bound and generated), or empty without collision */
    public Optional<OffRoadChecker> offRoad() {
        checkBound();
        return mode.part(OffRoadChecker.class);
    }

    /** @return whether {@link #step()} replays a captured graph now */
    public boolean stepCaptured() {
        return stepSequence != null && stepSequence.captured();
    }

    /** Releases the captured graphs and closes the generator. */
    @Override
    public void close() {
        try (LockScope held = exclusive.acquire()) {
            if (closed) {
                return;
            }
            closed = true;
            for (ReplayedSequence s : new ReplayedSequence[] {stepSequence, respawn, maskedRefresh}) {
                if (s != null) {
                    s.close();
                }
            }
        }
        generator.close();
    }
}
