package dev.trackgen.gates;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.gates.kernel.AltitudeKernel;
import dev.trackgen.gates.kernel.CourseLineKernel;
import dev.trackgen.gates.kernel.GateFramesKernel;
import dev.trackgen.gates.kernel.GatePlaceKernel;
import dev.trackgen.gates.kernel.GateValidityKernel;
import dev.trackgen.gates.kernel.GatesKernels;

/**
 * The gate stages after the plan-view track, bound once into one {@link LaunchPlan} of five
 * per-env launches (a fixed launch sequence: capturable, allocation-free to enqueue):
 * {@code tg_gate_place} (count, placement on the centerline, ordering, plan-view separation),
 * {@code tg_gate_altitude}, {@code tg_gate_frames}, {@code tg_gate_line} and
 * {@code tg_gate_validity}. Scratch: the plan-view gates {@code [E * G_max]} pairs, their chord
 * table and altitudes {@code [E * G_max]}, ordering scratch {@code [E * G_max * 3]}, per-env flags.
 */
final class GateStages {
    private final LaunchPlan plan;
    private final Vec2Array planView;

    GateStages(ComputeRuntime runtime, GateConfig config, Track track, I32Array seeds, GateCourse course) {
        int e = config.numEnvs();
        int gMax = config.maxGates();
        this.planView = runtime.allocVec2(e * gMax);
        F32Array scratch = runtime.allocF32(3 * e * gMax);
        I32Array planOk = runtime.allocI32(e);
        F32Array cum = runtime.allocF32(e * gMax);
        F32Array z = runtime.allocF32(e * gMax);
        F32Array bow = runtime.allocF32(e);
        int ordering = switch (config.gateOrdering()) {
            case CCW -> GatesKernels.ORDER_CCW;
            case RAW -> GatesKernels.ORDER_RAW;
            case RANDOM_PAIRS -> GatesKernels.ORDER_RANDOM_PAIRS;
        };
        float minDistance = 2.0f * config.gateRadius();
        this.plan = LaunchPlan.builder()
                .launch(e, GatePlaceKernel.INSTANCE.args().center(track.center()).arclen(track.arclen())
                        .length(track.length()).trackCount(track.count()).trackValid(track.valid()).seeds(seeds)
                        .nMax(track.nMax()).gMax(gMax).minGates(config.minGates()).maxGates(config.maxGates())
                        .ordering(ordering).minDistance(minDistance).iters(config.gateSolveIters()).scratch(scratch)
                        .plan(planView).count(course.count()).planOk(planOk))
                .launch(e, AltitudeKernel.INSTANCE.args().plan(planView).count(course.count()).seeds(seeds).gMax(gMax)
                        .profile(config.zProfile().code()).zBase(config.zBase()).zMin(config.zMin())
                        .zMax(config.zMax()).zMaxStep(config.zMaxStep()).zNoiseAmplitude(config.zNoiseAmplitude())
                        .zNoiseHarmonics(config.zNoiseHarmonics()).cum(cum).z(z))
                .launch(e, GateFramesKernel.INSTANCE.args().plan(planView).z(z).count(course.count()).gMax(gMax)
                        .halfSize(0.5f * config.gateWidth()).alignFull(config.gateAlign() == GateAlign.FULL_TANGENT ? 1 : 0)
                        .position(course.position()).tangent(course.tangent()).orientation(course.orientation())
                        .half(course.halfSize()).left(course.left()).right(course.right()))
                .launch(e, CourseLineKernel.INSTANCE.args().position(course.position()).count(course.count())
                        .gMax(gMax).spg(config.samplesPerGate()).linePoints(course.linePoints())
                        .lineArclen(course.lineArclen()).lineLength(course.lineLength())
                        .lineCount(course.lineCount()).bow(bow))
                .launch(e, GateValidityKernel.INSTANCE.args().position(course.position()).left(course.left())
                        .right(course.right()).half(course.halfSize()).count(course.count()).planOk(planOk)
                        .linePoints(course.linePoints()).lineCount(course.lineCount()).bow(bow).gMax(gMax)
                        .lineMax(course.lineMax()).minGates(config.minGates()).maxGates(config.maxGates())
                        .minDistance(minDistance).zValidGrade(config.zValidGrade())
                        .lineBowBound(config.lineBowBound()).stackClearance(config.stackClearance())
                        .valid(course.valid()))
                .build();
    }

    /** @return the stages' launches, in order */
    LaunchPlan plan() {
        return plan;
    }

    /** @return the plan-view gates {@code [E * G_max]} pairs (before the lift), for tests */
    Vec2Array planView() {
        return planView;
    }
}
