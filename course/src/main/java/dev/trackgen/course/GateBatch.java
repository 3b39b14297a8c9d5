package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.gates.GateOptions;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.course.kernel.GateRespawnKernel;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.gates.GateGenerator;

/**
 * A course's batch of gate courses: the gate generator, and the respawn of agents in a row
 * before gate 0 ({@link GateOptions#spawnDistance()}, {@link GateOptions#spawnSpacing()}).
 */
final class GateBatch implements CourseBatch {
    private final GateGenerator generator;
    private final GateCourse gates;
    private final int agents;
    private final GateOptions options;
    private final GateContext context;

    GateBatch(GateGenerator generator, CourseConfig config) {
        this.generator = generator;
        this.gates = generator.course();
        this.agents = config.agents();
        this.options = config.gates();
        this.context = new GateContext(gates, generator, config);
    }

    GateGenerator generator() {
        return generator;
    }

    GateCourse gates() {
        return gates;
    }

    @Override
    public ComputeRuntime runtime() {
        return generator.runtime();
    }

    @Override
    public int numEnvs() {
        return gates.numEnvs();
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
        return mode.buildGateParts(context);
    }

    @Override
    public void checkPoses(AgentPoses poses) {
        if (!(poses instanceof FlightPoses p)) {
            throw new IllegalArgumentException("a gate course binds FlightPoses (3D positions and orientation "
                    + "quaternions): course.bind(course.allocateFlightPoses()), not " + poses.getClass().getSimpleName());
        }
        Checks.sameRuntime(runtime(), p.position(), "poses.position");
        Checks.sameRuntime(runtime(), p.orientation(), "poses.orientation");
    }

    @Override
    public LaunchPlan buildStepParts(CourseMode mode, AgentPoses poses) {
        return mode.buildGateStepParts(context, (FlightPoses) poses);
    }

    @Override
    public LaunchPlan respawnPlan(AgentPoses poses, I32Array envFlags, I32Array agentMask) {
        FlightPoses p = (FlightPoses) poses;
        return LaunchPlan.builder().launch(numEnvs() * agents, GateRespawnKernel.INSTANCE.args().mask(envFlags)
                .gatePos(gates.position()).gateQuat(gates.orientation()).gateCount(gates.count())
                .gMax(gates.gMax()).agents(agents).back((float) options.spawnDistance())
                .spacing((float) options.spawnSpacing()).position(p.position()).orientation(p.orientation())
                .agentMask(agentMask)).build();
    }

    @Override
    public void close() {
        generator.close();
    }
}
