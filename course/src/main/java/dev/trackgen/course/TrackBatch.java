package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.course.kernel.RespawnKernel;
import dev.trackgen.pipeline.TrackGenerator;

/** A course's batch of tracks: the track generator, the start grid (one slot per agent), the respawn on it. */
final class TrackBatch implements CourseBatch {
    private final TrackGenerator generator;
    private final Track track;
    private final int agents;
    private final StartGrid grid;
    private final CourseContext context;

    TrackBatch(TrackGenerator generator, CourseConfig config) {
        this.generator = generator;
        this.track = generator.track();
        this.agents = config.agents();
        double halfWidth = generator.config().halfWidth();
        StartGrid.Builder g = StartGrid.builder(track).halfWidth(halfWidth).slots(agents).rule(config.startRule());
        if (generator.config().variableWidth()) {
            // the width profile narrows the road to half_width_min in places: the slots keep their margin there
            g.narrowest(Math.min(halfWidth, generator.config().halfWidthMin()));
        }
        if (!Double.isNaN(config.gridRowGap())) {
            g.rowGap(config.gridRowGap());
        }
        dev.trackgen.api.config.TrackGenConfig gc = generator.config();
        boolean elevated = !dev.trackgen.api.config.ElevationKnobs.FLAT.equals(gc.get(dev.trackgen.api.config.ElevationKnobs.PROFILE))
                || gc.get(dev.trackgen.api.config.ElevationKnobs.BANK_SPEED) > 0;
        boolean bridges = gc.get(dev.trackgen.api.config.ElevationKnobs.BRIDGE_CLEARANCE) > 0;
        // a bridge course keeps its start line (checkpoint 0) and grid off the crossings
        this.grid = g.avoidingCrossings(bridges).build();
        this.context = new CourseContext(track, config, halfWidth, grid, elevated || bridges, bridges);
    }

    TrackGenerator generator() {
        return generator;
    }

    Track track() {
        return track;
    }

    StartGrid grid() {
        return grid;
    }

    @Override
    public ComputeRuntime runtime() {
        return generator.runtime();
    }

    @Override
    public int numEnvs() {
        return track.numEnvs();
    }

    @Override
    public PerEnvSeededRng rng() {
        return generator.rng();
    }

    @Override
    public void generate() {
        generator.generate();
    }

    @Override
    public void generate(I32Array mask) {
        generator.generate(mask);
    }

    @Override
    public LaunchPlan buildParts(CourseMode mode) {
        LaunchPlan modePlan = mode.buildTrackParts(context);
        return LaunchPlan.builder().append(grid.plan()).append(modePlan).build();
    }

    @Override
    public void checkPoses(AgentPoses poses) {
        if (!(poses instanceof Poses p)) {
            throw new IllegalArgumentException("a track course binds Poses (plan-view positions and headings): "
                    + "course.bind(course.allocatePoses()), not " + poses.getClass().getSimpleName());
        }
        Checks.sameRuntime(runtime(), p.position(), "poses.position");
        Checks.sameRuntime(runtime(), p.heading(), "poses.heading");
    }

    @Override
    public LaunchPlan buildStepParts(CourseMode mode, AgentPoses poses) {
        return mode.buildStepParts(context, (Poses) poses);
    }

    @Override
    public LaunchPlan respawnPlan(AgentPoses poses, I32Array envFlags, I32Array agentMask) {
        Poses p = (Poses) poses;
        return LaunchPlan.builder().launch(numEnvs() * agents, RespawnKernel.INSTANCE.args().mask(envFlags)
                .gridPosition(grid.positions()).gridHeading(grid.headings()).slots(agents).agents(agents)
                .position(p.position()).heading(p.heading()).agentMask(agentMask)).build();
    }

    @Override
    public void close() {
        generator.close();
    }
}
