package dev.trackgen.gates;

import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The validity gate's checks, each made to bite: the bow bound, the stacked-section clearance,
 * the grade limit, the gate spacing and the random walk's grade cap; every course still flagged
 * valid passes the {@link GateAudit}.
 */
class GateValidityTest {
    private static int valid(GateCourseSnapshot s) {
        int v = 0;
        for (int f : s.valid()) {
            v += f;
        }
        return v;
    }

    private static GateCourseSnapshot run(GateConfig c) {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            GateCourseSnapshot s = GateGeneratorTest.run(c, rt, 17, 1);
            GateGeneratorTest.audited(s, c, c.toString());
            return s;
        }
    }

    @Test
    void aTightBowBoundRefusesEveryCourse() {
        GateConfig c = GateConfig.builder().numEnvs(32).lineBowBound(1e-4f).build();
        assertEquals(0, valid(run(c)));
        assertTrue(valid(run(c.toBuilder().lineBowBound(0.5f).build())) > 28);
    }

    @Test
    void stackedSectionsNeedTheirClearance() {
        // random pairs make the course line cross itself in plan view; flat, those crossings have no clearance
        GateConfig flat = GateConfig.builder().numEnvs(64).gateOrdering(GateOrdering.RANDOM_PAIRS).build();
        int refused = valid(run(flat));
        int allowed = valid(run(flat.toBuilder().stackClearance(0).build()));
        assertTrue(refused < allowed / 4, refused + " flat crossing courses passed, " + allowed + " without the check");
        // with altitude some crossings keep the clearance (the audit checks each of them)
        GateConfig stacked = flat.toBuilder().zProfile(ZProfile.UNIFORM).zMin(0).zMax(4).stackClearance(0.3f).build();
        assertTrue(valid(run(stacked)) > refused, "altitude lets stacked sections pass");
    }

    @Test
    void gradesAboveTheLimitAreRefusedAndTheRandomWalkStaysUnderItsCap() {
        GateConfig uniform = GateConfig.builder().numEnvs(64).zProfile(ZProfile.UNIFORM).zMin(0).zMax(3)
                .zValidGrade(0.3f).build();
        assertTrue(valid(run(uniform)) < 8, "uniform altitudes over 3 units break a 0.3 grade limit");
        GateConfig walk = GateConfig.builder().numEnvs(64).zProfile(ZProfile.RANDOM_WALK).zMin(-50).zMax(50)
                .zMaxStep(0.3f).zValidGrade(0.3f * 1.0001f).build();
        GateConfig flat = walk.toBuilder().zProfile(ZProfile.FLAT).build();
        assertEquals(valid(run(flat)), valid(run(walk)), "the grade-capped bridge never exceeds z_max_step");
    }

    @Test
    void gatesEndAtLeastTwoRadiiApart() {
        // a radius wider than the even spacing: the separation pushes gates apart; where it cannot, the course is refused
        GateConfig c = GateConfig.builder().numEnvs(32).gateRadius(0.3f).gateSolveIters(30).build();
        GateCourseSnapshot s = run(c);
        assertTrue(valid(s) < 32, "some courses cannot hold gates 0.6 apart");
        GateConfig none = c.toBuilder().gateSolveIters(0).build();
        assertTrue(valid(run(none)) <= valid(s), "the separation only helps");
    }
}
