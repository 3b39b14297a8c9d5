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
import dev.trackgen.course.gates.CourseLineLocalizer;
import dev.trackgen.course.gates.GateCollider;
import dev.trackgen.course.gates.GateTracker;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.pipeline.TrackGenerator;

import java.util.Objects;
import java.util.Optional;

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
 * <p><b>Gate courses.</b> {@link #create(GateGenerator, CourseConfig)} drives a batch of gate
 * courses the same way, in a mode that flies them ({@link GatesMode gates}: course-line
 * localization, gate-plane progress, post or frame collision): bind 3D {@link FlightPoses}
 * ({@link #allocateFlightPoses()}), then generate, step, reset and regenerate as above; agents
 * start in a row before gate 0 ({@link CourseConfig#gates()}). There is no start grid and no
 * {@link Track} of its own ({@link #track()} is the plan-view track the gates were laid on).
 *
 * <p>The parts stay reachable ({@link #localizer()}, {@link #tracker()}, {@link #grid()},
 * {@link #part(Class)}, ...) for users who read more of them or wire their own. Results of invalid
 * envs carry no promise.
 */
public final class Course implements AutoCloseable {
    private static final String NOT_READY = "bind the pose buffers and generate the batch first: "
            + "course.bind(course.allocatePoses()); course.generate()";

    private final CourseBatch batch;
    private final CourseConfig config;
    private final CourseMode mode;
    private final ComputeRuntime runtime;
    private final LockScope exclusive;
    private final int envs;
    private final int agents;
    private final I32Array flags;
    private final I32Array allFlags;
    private final I32Array agentMask;
    private final ComputeRuntime maskedView;
    private final LaunchPlan refreshPlan;

    private AgentPoses poses;
    private LaunchPlan bakePlan;
    private LaunchPlan respawnPlan;
    private ReplayedSequence stepSequence;
    private ReplayedSequence maskedRefresh;
    private ReplayedSequence respawn;
    private boolean generated;
    private boolean closed;

    private Course(CourseBatch batch, CourseConfig config, CourseMode mode) {
        this.batch = batch;
        this.config = config;
        this.mode = mode;
        this.runtime = batch.runtime();
        this.exclusive = new LockScope(runtime.executionLock());
        this.envs = batch.numEnvs();
        this.agents = config.agents();
        this.refreshPlan = batch.buildParts(mode);
        this.flags = runtime.allocI32(envs);
        this.allFlags = Checks.filledI32(runtime, envs, 1);
        this.agentMask = runtime.allocI32(envs * agents);
        this.maskedView = new MaskedRuntime(runtime, new EnvMask(flags, envs));
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
        checkAgents(generator.track().numEnvs(), config);
        return new Course(new TrackBatch(generator, config), config, mode);
    }

    /**
     * Builds a course on a gate generator's batch in the mode {@link CourseConfig#mode()} names,
     * which must fly gate courses ({@code CourseConfig.builder().mode(GatesMode.NAME)}); nothing
     * is generated yet (call {@link #generate()}).
     *
     * @param generator the gate courses' generator; the course owns it from now on and closes it
     *                  (not the runtime it was given)
     * @param config    the course's options ({@link CourseConfig#gates()} for collision and start row)
     * @return the course, with its per-generation parts built
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents * num_envs} is too large, no registered mode
     *                                  has the config's mode name, or the mode does not fly gate
     *                                  courses (the default {@code race} does not)
     */
    public static Course create(GateGenerator generator, CourseConfig config) {
        Objects.requireNonNull(config, "config");
        return create(generator, config, CourseModes.create(config.mode()));
    }

    /**
     * Builds a course on a gate generator's batch in a mode given as an instance.
     *
     * @param generator the gate courses' generator; the course owns it from now on and closes it
     * @param config    the course's options
     * @param mode      a new mode instance that flies gate courses, for this course alone
     * @return the course, with its per-generation parts built
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents * num_envs} is too large or the mode does
     *                                  not fly gate courses
     */
    public static Course create(GateGenerator generator, CourseConfig config, CourseMode mode) {
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(mode, "mode");
        checkAgents(generator.course().numEnvs(), config);
        return new Course(new GateBatch(generator, config), config, mode);
    }

    private static void checkAgents(int numEnvs, CourseConfig config) {
        long q = (long) numEnvs * config.agents();
        if (q > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("num_envs * agents = " + q + " agents is too many");
        }
    }

    /**
     * @return fresh pose buffers of the right shape ({@code [E * A]}) on the course's runtime,
     *     for {@link #bind(Poses)}
     * @throws IllegalStateException if the course is closed, or is a gate course (which flies
     *                               {@link #allocateFlightPoses()})
     */
    public Poses allocatePoses() {
        checkOpen();
        if (!(batch instanceof TrackBatch)) {
            throw new IllegalStateException("a gate course binds FlightPoses: course.allocateFlightPoses()");
        }
        return Poses.allocate(runtime, envs * agents);
    }

    /**
     * @return fresh 3D pose buffers ({@code [E * A * 3]} positions, {@code [E * A * 4]}
     *     quaternions) on the course's runtime, for {@link #bind(FlightPoses)}
     * @throws IllegalStateException if the course is closed, or is a track course (which binds
     *                               {@link #allocatePoses()})
     */
    public FlightPoses allocateFlightPoses() {
        checkOpen();
        if (!(batch instanceof GateBatch)) {
            throw new IllegalStateException("a track course binds Poses: course.allocatePoses()");
        }
        return FlightPoses.allocate(runtime, envs * agents);
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
        return bindPoses(poses);
    }

    /**
     * Binds the caller's 3D pose buffers to a gate course, once; otherwise as {@link #bind(Poses)}
     * (agents are put on their start row before gate 0).
     *
     * @param poses {@code [E * A]} 3D positions and orientation quaternions on the course's runtime
     * @return this course
     * @throws NullPointerException     if {@code poses} is null
     * @throws IllegalArgumentException if the buffers do not hold {@code E * A} agents, live on
     *                                  another runtime, or this is a track course
     * @throws IllegalStateException    if pose buffers are bound already, or the course is closed
     */
    public Course bind(FlightPoses poses) {
        return bindPoses(poses);
    }

    private Course bindPoses(AgentPoses poses) {
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
            batch.checkPoses(poses);
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
     * @return the persistent {@link Track} (on a gate course: the plan-view track the gates were laid on)
     * @throws IllegalStateException    if the course is closed
     * @throws IllegalArgumentException on the first call after binding, if the SDF grid cannot be
     *                                  sized on this batch (no valid track, or over its memory cap;
     *                                  the message says which and what to change)
     */
    public Track generate() {
        try (LockScope held = exclusive.acquire()) {
            checkOpen();
            batch.generate();
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
            return track();
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
     * @return the persistent {@link Track} (on a gate course: the plan-view track)
     * @throws NullPointerException     if {@code mask} is null
     * @throws IllegalArgumentException if the mask does not hold {@code E} flags or lives on another
     *                                  runtime
     * @throws IllegalStateException    if no poses are bound or nothing is generated yet, or the course is closed
     */
    public Track regenerate(I32Array mask) {
        checkMask(mask);
        try (LockScope held = exclusive.acquire()) {
            checkBound();
            batch.generate(mask);
            runtime.copy(mask, flags);
            maskedRefresh.run();
            runtime.synchronize();
            return track();
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
        this.bakePlan = batch.buildStepParts(mode, poses);
        this.respawnPlan = batch.respawnPlan(poses, flags, agentMask);
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

    /**
     * @return the batch (the generator's persistent track); on a gate course the plan-view track
     *     of the gate generator's last call
     */
    public Track track() {
        if (batch instanceof TrackBatch t) {
            return t.track();
        }
        return ((GateBatch) batch).generator().track();
    }

    /**
     * @return the generator the course owns
     * @throws IllegalStateException on a gate course ({@link #gateGenerator()})
     */
    public TrackGenerator generator() {
        return trackBatch().generator();
    }

    /**
     * @return the gate generator the course owns
     * @throws IllegalStateException on a track course ({@link #generator()})
     */
    public GateGenerator gateGenerator() {
        return gateBatch().generator();
    }

    /**
     * @return the batch of gate courses (the gate generator's persistent result)
     * @throws IllegalStateException on a track course
     */
    public GateCourse gates() {
        return gateBatch().gates();
    }

    /** @return whether this course drives gate courses ({@link #create(GateGenerator, CourseConfig)}) */
    public boolean isGateCourse() {
        return batch instanceof GateBatch;
    }

    private TrackBatch trackBatch() {
        if (batch instanceof TrackBatch t) {
            return t;
        }
        throw new IllegalStateException("a gate course has no track generator or start grid: course.gateGenerator(), "
                + "course.gates()");
    }

    private GateBatch gateBatch() {
        if (batch instanceof GateBatch g) {
            return g;
        }
        throw new IllegalStateException("a track course has no gate courses: course.generator(), course.track()");
    }

    /** @return the generator's RNG, to reseed envs before {@link #regenerate(I32Array)} */
    public PerEnvSeededRng rng() {
        return batch.rng();
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

    /**
     * @return the start line and grid (one slot per agent)
     * @throws IllegalStateException on a gate course (its agents start before gate 0)
     */
    public StartGrid grid() {
        return trackBatch().grid();
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

    /** @return the bound poses, or null before {@link #bind(Poses)} (and on a gate course) */
    public Poses poses() {
        return poses instanceof Poses p ? p : null;
    }

    /** @return the bound 3D poses, or null before {@link #bind(FlightPoses)} (and on a track course) */
    public FlightPoses flightPoses() {
        return poses instanceof FlightPoses p ? p : null;
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

    /**
     * @return the course-line localizer of a gate course (once bound and generated)
     * @throws IllegalStateException before that, or if the course's mode has none
     */
    public CourseLineLocalizer lineLocalizer() {
        checkBound();
        return required(CourseLineLocalizer.class);
    }

    /**
     * @return the gate tracker of a gate course (once bound and generated)
     * @throws IllegalStateException before that, or if the course's mode has none
     */
    public GateTracker gateTracker() {
        checkBound();
        return required(GateTracker.class);
    }

    /** @return the gate collider (once bound and generated), or empty without gate collision */
    public Optional<GateCollider> gateCollider() {
        checkBound();
        return mode.part(GateCollider.class);
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
        batch.close();
    }
}
