package dev.trackgen.metrics.audit;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bridges (docs/elevation.md, "Bridges"): a figure-eight centerline is refused without them and
 * becomes a valid bridge course with them, its crossing lifted by the clearance on a
 * grade-limited ramp ({@link BridgeAudit}, double precision, no shared code); a crossing the lift
 * cannot clear is refused and the audit finds why; a track without crossings is the same bit for
 * bit with bridges on or off.
 */
class BridgeTest {
    static final double A = 3.0;
    static final int POINTS = 400;
    private static final TrackGenLauncher LAUNCHER = TrackGenLauncher.discover();
    private static CpuRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    /**
     * A lemniscate of Bernoulli of half-extent {@code a}, {@code points} points from the right
     * lobe's tip, counter-clockwise around that lobe: a figure-eight crossing itself once at the
     * origin at right angles, {@code [2 * points]} interleaved.
     */
    static float[] lemniscate(double a, int points, int copies) {
        float[] out = new float[2 * points * copies];
        for (int k = 0; k < copies; k++) {
            for (int i = 0; i < points; i++) {
                double t = 2 * Math.PI * i / points;
                double d = 1 + Math.sin(t) * Math.sin(t);
                out[2 * (k * points + i)] = (float) (a * Math.cos(t) / d);
                out[2 * (k * points + i) + 1] = (float) (a * Math.sin(t) * Math.cos(t) / d);
            }
        }
        return out;
    }

    static TrackGenConfig.Builder bridged(int envs, double clearance) {
        return TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).nMax(512)
                .set(PipelineKnobs.RELAX_ENABLE, false)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, clearance).set(ElevationKnobs.BRIDGE_GRADE, 0.1);
    }

    private static TrackSnapshot run(TrackGenConfig c, float[] loops) {
        try (CenterlinePipeline p = new CenterlinePipeline(c, POINTS, runtime)) {
            return p.run(loops).snapshot();
        }
    }

    @Test
    void aFigureEightIsRefusedWithoutBridgesAndIsABridgeCourseWithThem() {
        float[] loop = lemniscate(A, POINTS, 1);
        TrackSnapshot off = run(bridged(1, 0).build(), loop);
        assertEquals(0, off.valid()[0], "the plan-view crossing is refused without bridges");
        double clearance = 0.05;
        TrackSnapshot on = run(bridged(1, clearance).build(), loop);
        assertEquals(1, on.valid()[0], "the bridge course is valid");
        BridgeAudit.Result r = BridgeAudit.check(on, 0, clearance, 0.1);
        assertEquals(1, r.centerCrossings(), "one crossing");
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertTrue(r.leastGap() >= clearance && r.leastGap() < 2 * clearance, "gap " + r.leastGap());
        // one branch is raised, the other stays at z_base; heights 3D length and tangent follow
        int n = on.count(0);
        float[] z = Arrays.copyOf(on.centerZ(), n);
        double top = 0;
        int ground = 0;
        for (float v : z) {
            top = Math.max(top, v);
            ground += v == 0f ? 1 : 0;
        }
        assertEquals(1.25 * clearance, top, 1e-6, "lifted by the margin over the clearance");
        assertTrue(ground > n / 2, "the other branch stays on the ground: " + ground + " of " + n);
        assertTrue(on.length3d()[0] > on.length()[0], "the ramps lengthen the 3D lap");
        double acc = 0;
        float[] c = on.center();
        for (int i = 0; i < n; i++) {
            assertEquals(acc, on.arclen3d()[i], 1e-4, "3D arc length at " + i);
            int j = (i + 1) % n;
            acc += Math.sqrt(Math.pow(c[2 * j] - c[2 * i], 2) + Math.pow(c[2 * j + 1] - c[2 * i + 1], 2)
                    + Math.pow(z[j] - z[i], 2));
        }
        assertEquals(acc, on.length3d()[0], 1e-4);
        // the plan view is what the bridge-free gate saw
        assertArrayEquals(off.center(), on.center());
        assertArrayEquals(off.outer(), on.outer());
    }

    @Test
    void onProfiledBankedFigureEightsEveryAcceptedCrossingKeepsItsClearance() {
        int envs = 8;
        double clearance = 0.04;
        TrackGenConfig c = bridged(envs, clearance).set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK)
                .set(ElevationKnobs.MIN, -0.1).set(ElevationKnobs.MAX, 0.1).set(ElevationKnobs.MAX_STEP, 0.05)
                .set(ElevationKnobs.VALID_GRADE, 0.2).set(ElevationKnobs.BANK_SPEED, 1.0).build();
        TrackSnapshot s;
        try (CenterlinePipeline p = new CenterlinePipeline(c, POINTS, runtime)) {
            s = p.run(lemniscate(A, POINTS, envs)).snapshot();
        }
        int valid = 0;
        for (int e = 0; e < envs; e++) {
            BridgeAudit.Result r = BridgeAudit.check(s, e, clearance, 0.2);
            assertEquals(1, r.centerCrossings());
            if (s.isValid(e)) {
                valid++;
                assertTrue(r.problems().isEmpty(), "env " + e + ": " + r.problems());
            }
        }
        assertTrue(valid >= envs / 2, "valid " + valid);
    }

    @Test
    void aCrossingThroughAVertexOfBothBranchesIsABridgeToo() {
        // stretched 2x along x, the symmetric resample puts a point of each branch on the crossing:
        // no edge pair crosses properly, the edges only touch there
        float[] loop = new float[2 * POINTS];
        for (int i = 0; i < POINTS; i++) {
            double t = 2 * Math.PI * i / POINTS;
            double d = 1 + Math.sin(t) * Math.sin(t);
            loop[2 * i] = (float) (2 * 3.18 * Math.cos(t) / d);
            loop[2 * i + 1] = (float) (3.18 * Math.sin(t) * Math.cos(t) / d);
        }
        TrackSnapshot s = run(bridged(1, 0.05).nMax(700).build(), loop);
        int n = s.count(0);
        int close = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + n / 4; j < n; j++) {
                if (Math.hypot(s.center()[2 * i] - s.center()[2 * j], s.center()[2 * i + 1] - s.center()[2 * j + 1]) < 1e-5) {
                    close++;
                }
            }
        }
        assertEquals(1, close, "one point of each branch on the crossing");
        assertEquals(1, s.valid()[0], "a bridge");
        BridgeAudit.Result r = BridgeAudit.check(s, 0, 0.05, 0.1);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertTrue(r.leastGap() >= 0.05 && r.leastGap() < 0.1, "gap " + r.leastGap());
    }

    @Test
    void aCrossingTheRampCannotClearIsRefusedAndTheAuditSeesWhy() {
        // a 2-unit clearance needs 30 units of ramp each side at grade 0.1: the lift reaches the lower branch
        double clearance = 2.0;
        TrackSnapshot s = run(bridged(1, clearance).build(), lemniscate(A, POINTS, 1));
        assertEquals(0, s.valid()[0]);
        BridgeAudit.Result r = BridgeAudit.check(s, 0, clearance, 0);
        assertEquals(1, r.centerCrossings());
        assertTrue(r.leastGap() < clearance && !r.problems().isEmpty(), "gap " + r.leastGap());
    }

    @Test
    void tracksWithoutCrossingsAreTheSameBitForBitWithBridgesOn() {
        TrackGenConfig off = TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator(LAUNCHER.generator("bezier"))
                .numEnvs(12)
                .set(ElevationKnobs.PROFILE, ElevationKnobs.NOISE).set(ElevationKnobs.MAX, 0.2)
                .set(ElevationKnobs.NOISE_AMPLITUDE, 0.2).build();
        TrackGenConfig on = off.toBuilder().set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        TrackSnapshot a;
        TrackSnapshot b;
        try (TrackGenerator g = LAUNCHER.builder(off).rng(PerEnvSeededRng.fromScalar(12, 4)).runtime(runtime).build()) {
            a = g.generate().snapshot();
        }
        try (TrackGenerator g = LAUNCHER.builder(on).rng(PerEnvSeededRng.fromScalar(12, 4)).runtime(runtime).build()) {
            b = g.generate().snapshot();
        }
        assertTrue(a.validCount() > 6);
        assertArrayEquals(a.valid(), b.valid());
        assertArrayEquals(a.centerZ(), b.centerZ());
        assertArrayEquals(a.outerZ(), b.outerZ());
        assertArrayEquals(a.innerZ(), b.innerZ());
        assertArrayEquals(a.arclen3d(), b.arclen3d());
        assertArrayEquals(a.tangent3d(), b.tangent3d());
        assertArrayEquals(a.length3d(), b.length3d());
        assertArrayEquals(a.center(), b.center());
    }

    @Test
    void theKnobsAreChecked() {
        assertThrows(InvalidConfigException.class, () -> bridged(1, -1).build());
        InvalidConfigException x = assertThrows(InvalidConfigException.class,
                () -> bridged(1, 0.05).set(ElevationKnobs.VALID_GRADE, 0.05).build());
        assertTrue(x.getMessage().contains("bridge_grade"), x.getMessage());
        // the bound is only checked with bridges on
        bridged(1, 0).set(ElevationKnobs.VALID_GRADE, 0.05).build();
    }
}
