package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.course.kernel.CrossingFootprintKernel;
import dev.trackgen.course.kernel.LevelOffRoadKernel;
import dev.trackgen.course.raceline.RacelineOptions;
import dev.trackgen.course.raceline.RacelineProbe;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.course.props.PropSampler;

import java.util.Optional;

/**
 * The {@code race} mode (the default): laps through checkpoints. Per generation: checkpoints from
 * the start line, the curvature and speed profile and (when configured) props; per step:
 * localization, checkpoint progress and (when configured) the off-road check of one vehicle box
 * per agent, and (with {@code CourseConfig.Builder.raceline}) the racing line per generation and
 * each agent's lateral distance to it and its speed per step. Its parts: {@link Checkpoints}, {@link SpeedProfile}, {@link PropSampler},
 * {@link TrackLocalizer}, {@link ProgressTracker}, {@link OffRoadChecker}.
 *
 * <p>On a bridge course ({@link CourseContext#bridges()}) with an off-road check, the off-road
 * verdict is level-aware near crossings (docs/elevation.md, "Bridges"): per generation a launch of
 * {@code tg_course_crossing_footprint} flags the points whose cross-section comes within
 * {@code 2 w_max} (the env's largest half-width) of another branch's centerline; per step, after
 * the plan-view check, {@code tg_course_offroad_level} sets {@code contacts().offRoad()[t]} of an
 * agent whose localizer segment {@code i -> i + 1} has a flagged end to {@code 1 - frame().onRoad()[t]}
 * (the localizer's on-road test, {@code |n|} within the local half-width, on the branch it follows);
 * elsewhere, and for the other contact fields (clearance, nearest, normal, border), the plan-view
 * answer stands. Every other course runs exactly as before (no extra launch).
 */
public final class RaceMode implements CourseMode {
    /** The mode's name. */
    public static final String NAME = "race";

    private Checkpoints checkpoints;
    private SpeedProfile profile;
    private PropSampler props;
    private TrackLocalizer localizer;
    private ProgressTracker tracker;
    private OffRoadChecker offRoad;
    private RacingLine racingLine;
    private RacelineProbe probe;
    private CourseStep result;
    private I32Array footprint;
    private LaunchPlan levelPlan;
    private ComputeRuntime levelRuntime;

    /** A mode for one course (the registry makes one per course). */
    public RaceMode() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public LaunchPlan buildTrackParts(CourseContext c) {
        Track track = c.track();
        CourseConfig config = c.config();
        this.checkpoints = Checkpoints.builder(track).spacing(config.checkpointSpacing(c.halfWidth()))
                .startAt(c.grid()).avoidingCrossings(c.bridges()).build();
        this.profile = SpeedProfile.builder(track).lateralAcceleration(config.lateralAcceleration())
                .acceleration(config.acceleration()).braking(config.braking()).speedCap(config.speedCap())
                .grade(config.speedProfileGravity()).build();
        this.props = Double.isNaN(config.propSpacing()) ? null
                : new PropSampler(track, (float) config.propSpacing(), config.maxProps());
        LaunchPlan.Builder refresh = LaunchPlan.builder().append(checkpoints.plan()).append(profile.plan());
        if (c.bridges() && config.offRoad().isPresent()) {
            this.footprint = c.runtime().allocI32(track.numEnvs() * track.nMax());
            refresh.launch(track.numEnvs(), CrossingFootprintKernel.INSTANCE.args().center(track.center())
                    .inner(track.inner()).outer(track.outer()).length(track.length())
                    .left(track.leftHalfWidth()).right(track.rightHalfWidth()).count(track.count())
                    .nMax(track.nMax()).footprint(footprint));
        }
        if (props != null) {
            refresh.append(props.plan());
        }
        Optional<RacelineOptions> line = config.raceline();
        if (line.isPresent()) {
            RacingLine.Builder rb = RacingLine.builder(track).halfWidth(c.halfWidth()).vehicle(line.get().vehicle())
                    .grade(line.get().grade());
            if (!Double.isNaN(line.get().vehicleMargin())) {
                rb.vehicleMargin(line.get().vehicleMargin());
            }
            this.racingLine = rb.build();
            refresh.append(racingLine.plan());
        }
        return refresh.build();
    }

    @Override
    public LaunchPlan buildStepParts(CourseContext c, Poses poses) {
        Track track = c.track();
        CourseConfig config = c.config();
        int agents = c.agents();
        int queries = c.numEnvs() * agents;
        // the batch comes from the pipeline, whose width rows are written: on-road at the local width
        TrackLocalizer.Builder lb = TrackLocalizer.builder(track, poses.position()).agents(agents)
                .halfWidth(c.halfWidth()).localWidths(true);
        if (c.elevated()) {
            lb.alongThe3dLength(); // s along the 3D arc length (docs/elevation.md, "Course")
        }
        this.localizer = config.warmWindow() < 0 ? lb.cold().build() : lb.warmWindow(config.warmWindow()).build();
        this.tracker = ProgressTracker.create(checkpoints, poses.position(), agents);
        Optional<OffRoadOptions> off = config.offRoad();
        if (off.isPresent()) {
            ComputeRuntime runtime = c.runtime();
            Vec2Array halfExtents = runtime.allocVec2(queries);
            float[] he = new float[2 * queries];
            for (int i = 0; i < queries; i++) {
                he[2 * i] = (float) config.vehicleHalfLength(c.halfWidth());
                he[2 * i + 1] = (float) config.vehicleHalfWidth(c.halfWidth());
            }
            runtime.upload(he, halfExtents);
            Boxes boxes = new Boxes(agents, poses.position(), poses.heading(), halfExtents);
            this.offRoad = new OffRoadChecker(track, boxes, off.get());
            if (footprint != null) {
                this.levelRuntime = runtime;
                this.levelPlan = LaunchPlan.builder().launch(queries, LevelOffRoadKernel.INSTANCE.args()
                        .count(track.count()).nMax(track.nMax()).agents(agents).footprint(footprint)
                        .segment(localizer.frame().segment()).onRoad(localizer.frame().onRoad())
                        .border(offRoad.contacts().border()).offRoad(offRoad.contacts().offRoad())).build();
            }
        }
        this.probe = racingLine == null ? null : new RacelineProbe(racingLine, poses.position(), localizer.frame(), agents,
                config.raceline().orElseThrow().window());
        this.result = new CourseStep(localizer.frame(), tracker.events(), offRoad == null ? null : offRoad.contacts(),
                probe);
        return offRoad == null ? LaunchPlan.builder().build() : offRoad.bakePlan();
    }

    @Override
    public void enqueueStep() {
        localizer.query();
        if (probe != null) {
            probe.query();
        }
        tracker.update();
        if (offRoad != null) {
            offRoad.query();
            if (levelPlan != null) {
                levelPlan.enqueueLocked(levelRuntime);
            }
        }
    }

    @Override
    public void enqueueReset(I32Array agentMask) {
        localizer.reset(agentMask);
        tracker.reset(agentMask);
    }

    @Override
    public CourseStep result() {
        return result;
    }

    @Override
    public <T> Optional<T> part(Class<T> type) {
        Object p = type == Checkpoints.class ? checkpoints
                : type == SpeedProfile.class ? profile
                : type == PropSampler.class ? props
                : type == TrackLocalizer.class ? localizer
                : type == ProgressTracker.class ? tracker
                : type == OffRoadChecker.class ? offRoad
                : type == RacingLine.class ? racingLine
                : type == RacelineProbe.class ? probe
                : null;
        return Optional.ofNullable(type.cast(p));
    }
}
