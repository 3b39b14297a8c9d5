package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.MaskedRuntime;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
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
import java.util.concurrent.locks.Lock;

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
 * <p>The parts stay reachable ({@link #localizer()}, {@link #tracker()}, {@link #grid()}, ...)
 * for users who read more of them or wire their own. Results of invalid envs carry no promise.
 */
public final class Course implements AutoCloseable {
    private static final String NOT_READY = "bind the pose buffers and generate the batch first: "
            + "course.bind(course.allocatePoses()); course.generate()";

    private final TrackGenerator generator;
    private final CourseConfig config;
    private final Track track;
    private final ComputeRuntime runtime;
    private final int envs;
    private final int agents;
    private final double halfWidth;
    private final StartGrid grid;
    private final Checkpoints checkpoints;
    private final SpeedProfile profile;
    private final PropSampler props;
    private final I32Array flags;
    private final I32Array allFlags;
    private final I32Array agentMask;
    private final ComputeRuntime maskedView;
    private final LaunchPlan refreshPlan;

    private Poses poses;
    private Vec2Array halfExtents;
    private TrackLocalizer localizer;
    private ProgressTracker tracker;
    private OffRoadChecker offRoad;
    private LaunchPlan respawnPlan;
    private CourseStep result;
    private ReplayedSequence stepSequence;
    private ReplayedSequence maskedRefresh;
    private ReplayedSequence respawn;
    private boolean generated;
    private boolean closed;

    private Course(TrackGenerator generator, CourseConfig config) {
        this.generator = generator;
        this.config = config;
        this.track = generator.track();
        this.runtime = generator.runtime();
        this.envs = track.numEnvs();
        this.agents = config.agents();
        this.halfWidth = generator.config().halfWidth();
        StartGrid.Builder g = StartGrid.builder(track).halfWidth(halfWidth).slots(agents).rule(config.startRule());
        if (!Double.isNaN(config.gridRowGap())) {
            g.rowGap(config.gridRowGap());
        }
        this.grid = g.build();
        this.checkpoints = Checkpoints.builder(track).spacing(config.checkpointSpacing(halfWidth)).startAt(grid)
                .build();
        this.profile = SpeedProfile.builder(track).lateralAcceleration(config.lateralAcceleration())
                .acceleration(config.acceleration()).braking(config.braking()).speedCap(config.speedCap()).build();
        this.props = Double.isNaN(config.propSpacing()) ? null
                : new PropSampler(track, (float) config.propSpacing(), config.maxProps());
        this.flags = runtime.allocI32(envs);
        this.allFlags = Checks.filledI32(runtime, envs, 1);
        this.agentMask = runtime.allocI32(envs * agents);
        this.maskedView = new MaskedRuntime(runtime, new EnvMask(flags, envs));
        LaunchPlan.Builder refresh = LaunchPlan.builder().append(grid.plan()).append(checkpoints.plan())
                .append(profile.plan());
        if (props != null) {
            refresh.append(props.plan());
        }
        this.refreshPlan = refresh.build();
    }

    /**
     * Builds a course on a generator's batch; nothing is generated yet (call {@link #generate()}).
     *
     * @param generator the tracks' generator; the course owns it from now on and closes it
     * @param config    the course's options
     * @return the course, with its per-generation parts built
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents * num_envs} is too large, or a part refuses
     *                                  a parameter (its message names it)
     */
    public static Course create(TrackGenerator generator, CourseConfig config) {
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(config, "config");
        long q = (long) generator.track().numEnvs() * config.agents();
        if (q > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("num_envs * agents = " + q + " agents is too many");
        }
        return new Course(generator, config);
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
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
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
        } finally {
            lock.unlock();
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
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            checkOpen();
            generator.generate();
            generated = true;
            refreshPlan.enqueue(runtime);
            if (poses != null) {
                if (localizer == null) {
                    buildStepParts(); // the SDF grid is sized on the first batch, and baked
                } else if (offRoad != null) {
                    offRoad.bakePlan().enqueue(runtime);
                }
                runtime.copy(allFlags, flags);
                enqueueRespawn();
            }
            runtime.synchronize();
            return track;
        } finally {
            lock.unlock();
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
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            checkBound();
            generator.generate(mask);
            runtime.copy(mask, flags);
            maskedRefresh.run();
            runtime.synchronize();
            return track;
        } finally {
            lock.unlock();
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
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            checkBound();
            runtime.copy(mask, flags);
            respawn.run();
            runtime.synchronize();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Respawns every agent ({@link #reset(I32Array)} with every env selected).
     *
     * @throws IllegalStateException if no poses are bound or nothing is generated yet, or the course is closed
     */
    public void resetAll() {
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            checkBound();
            runtime.copy(allFlags, flags);
            respawn.run();
            runtime.synchronize();
        } finally {
            lock.unlock();
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
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            checkBound();
            stepSequence.run();
            runtime.synchronize();
            return result;
        } finally {
            lock.unlock();
        }
    }

    /** Builds the localizer, tracker, off-road checker and respawn plan, once bound and generated. */
    private void buildStepParts() {
        TrackLocalizer.Builder lb = TrackLocalizer.builder(track, poses.position()).agents(agents).halfWidth(halfWidth);
        this.localizer = config.warmWindow() < 0 ? lb.cold().build() : lb.warmWindow(config.warmWindow()).build();
        this.tracker = ProgressTracker.create(checkpoints, poses.position(), agents);
        Optional<OffRoadOptions> off = config.offRoad();
        if (off.isPresent()) {
            this.halfExtents = runtime.allocVec2(envs * agents);
            float[] he = new float[2 * envs * agents];
            for (int i = 0; i < envs * agents; i++) {
                he[2 * i] = (float) config.vehicleHalfLength(halfWidth);
                he[2 * i + 1] = (float) config.vehicleHalfWidth(halfWidth);
            }
            runtime.upload(he, halfExtents);
            Boxes boxes = new Boxes(agents, poses.position(), poses.heading(), halfExtents);
            this.offRoad = new OffRoadChecker(track, boxes, off.get());
        }
        this.respawnPlan = LaunchPlan.builder().launch(envs * agents, RespawnKernel.INSTANCE.args().mask(flags)
                .gridPosition(grid.positions()).gridHeading(grid.headings()).slots(agents).agents(agents)
                .position(poses.position()).heading(poses.heading()).agentMask(agentMask)).build();
        this.result = new CourseStep(localizer.frame(), tracker.events(), offRoad == null ? null : offRoad.contacts());
        this.stepSequence = new ReplayedSequence(runtime, this::enqueueStep);
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
        if (localizer == null) {
            throw new IllegalStateException(NOT_READY);
        }
        localizer.query();
        tracker.update();
        if (offRoad != null) {
            offRoad.query();
        }
    }

    private void enqueueRespawn() {
        respawnPlan.enqueue(runtime);
        localizer.reset(agentMask);
        tracker.reset(agentMask);
    }

    private void enqueueMaskedRefresh() {
        refreshPlan.enqueue(maskedView);
        if (offRoad != null) {
            offRoad.bakePlan().enqueue(maskedView);
        }
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
        if (localizer == null) {
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

    /** @return the checkpoints, starting at the start line */
    public Checkpoints checkpoints() {
        return checkpoints;
    }

    /** @return the curvature and speed profile */
    public SpeedProfile profile() {
        return profile;
    }

    /** @return the props, or empty when the config asks for none */
    public Optional<PropSampler> props() {
        return Optional.ofNullable(props);
    }

    /** @return the bound poses, or null before {@link #bind(Poses)} */
    public Poses poses() {
        return poses;
    }

    /** @return the localizer (once bound and generated) */
    public TrackLocalizer localizer() {
        checkBound();
        return localizer;
    }

    /** @return the progress tracker (once bound and generated) */
    public ProgressTracker tracker() {
        checkBound();
        return tracker;
    }

    /** @return the off-road checker (once bound and generated), or empty without collision */
    public Optional<OffRoadChecker> offRoad() {
        checkBound();
        return Optional.ofNullable(offRoad);
    }

    /** @return whether {@link #step()} replays a captured graph now */
    public boolean stepCaptured() {
        return stepSequence != null && stepSequence.captured();
    }

    /** Releases the captured graphs and closes the generator. */
    @Override
    public void close() {
        Lock lock = runtime.executionLock();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (ReplayedSequence s : new ReplayedSequence[] {stepSequence, respawn, maskedRefresh}) {
                if (s != null) {
                    s.close();
                }
            }
        } finally {
            lock.unlock();
        }
        generator.close();
    }
}
