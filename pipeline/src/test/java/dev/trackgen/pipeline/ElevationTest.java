package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The elevation and banking stage (docs/elevation.md) through the facade: the flat default keeps
 * every plan-view array and fills the new ones with their flat values, every generator's valid
 * profiled tracks hold their height, grade and bank bounds by {@link ElevationAudit} (double
 * precision, no shared code), the grade and bank checks of the gate bite exactly where the audit
 * finds a violation, and eager, replayed and one-thread runs agree.
 */
class ElevationTest {
    private static final int E = 12;
    private static final double Z_MIN = -0.1;
    private static final double Z_MAX = 0.25;
    /** The bounds as the stage holds them: floats. */
    private static final double Z_MIN_F = (float) Z_MIN;
    private static final double Z_MAX_F = (float) Z_MAX;
    private static final double GRADE = 0.12;
    private static final double BANK_MAX_DEG = 6;

    private static TrackGenConfig.Builder profiled(String generator, String profile) {
        TrackGenConfig.Builder b = GeneratorPipelineTest.config(generator, E).toBuilder()
                .set(ElevationKnobs.PROFILE, profile).set(ElevationKnobs.MIN, Z_MIN).set(ElevationKnobs.MAX, Z_MAX)
                .set(ElevationKnobs.BASE, 0.05).set(ElevationKnobs.MAX_STEP, 0.15)
                .set(ElevationKnobs.NOISE_AMPLITUDE, 0.3).set(ElevationKnobs.CONTROL_POINTS, 12)
                .set(ElevationKnobs.BANK_SPEED, 1.2).set(ElevationKnobs.BANK_MAX, BANK_MAX_DEG)
                .set(ElevationKnobs.BANK_TRANSITION, 0.2);
        return b;
    }

    private static TrackSnapshot run(TrackGenConfig c, CpuRuntime rt, int seed) {
        try (TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(c.numEnvs(), seed)).runtime(rt).build()) {
            return g.generate().snapshot();
        }
    }

    @Test
    void theFlatDefaultKeepsThePlanViewAndWritesFlatHeights() {
        TrackGenConfig flat = GeneratorPipelineTest.config("bezier", E);
        TrackGenConfig lifted = profiled("bezier", ElevationKnobs.NOISE).build();
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            TrackSnapshot a = run(flat, rt, 3);
            TrackSnapshot b = run(lifted, rt, 3);
            // heights never move the plan view, and without a grade bound the verdict stays
            assertArrayEquals(a.center(), b.center());
            assertArrayEquals(a.outer(), b.outer());
            assertArrayEquals(a.inner(), b.inner());
            assertArrayEquals(a.tangent(), b.tangent());
            assertArrayEquals(a.arclen(), b.arclen());
            assertArrayEquals(a.valid(), b.valid());
            assertFalse(java.util.Arrays.equals(a.centerZ(), b.centerZ()));
            for (int e = 0; e < E; e++) {
                int base = e * a.nMax();
                for (int i = 0; i < a.count()[e]; i++) {
                    int t = base + i;
                    assertEquals(0f, a.centerZ()[t]);
                    assertEquals(0f, a.outerZ()[t]);
                    assertEquals(0f, a.innerZ()[t]);
                    assertEquals(0f, a.bank()[t]);
                    assertEquals(a.arclen()[t], a.arclen3d()[t], "3D arc length of a flat track, bit for bit");
                    assertEquals(a.tangent()[2 * t], a.tangent3d()[3 * t]);
                    assertEquals(a.tangent()[2 * t + 1], a.tangent3d()[3 * t + 1]);
                    assertEquals(0f, a.tangent3d()[3 * t + 2]);
                }
                assertEquals(a.length()[e], a.length3d()[e]);
                assertEquals(List.of(), ElevationAudit.violations(a, e, 0, 0, 0, 0));
            }
        }
    }

    /**
     * The flat, unbanked shortcut of step 4 (copying the plan arc length and tangent) against the
     * general step on the same level road: a zero-amplitude noise profile at height {@code z_base}
     * takes the general path and must write the same bits, with and without the grade bound, at a
     * base height other than 0.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bezier", "circuit", "voronoi"})
    void theFlatShortcutWritesWhatTheGeneralStepWrites(String generator) {
        for (double grade : new double[] {0, 0.1}) {
            TrackGenConfig.Builder base = GeneratorPipelineTest.config(generator, E).toBuilder()
                    .set(ElevationKnobs.BASE, 0.25).set(ElevationKnobs.MIN, 0.25).set(ElevationKnobs.MAX, 0.5)
                    .set(ElevationKnobs.VALID_GRADE, grade);
            try (CpuRuntime rt = new CpuRuntime(2, false)) {
                TrackSnapshot shortcut = run(base.build(), rt, 5);
                TrackSnapshot general = run(base.set(ElevationKnobs.PROFILE, ElevationKnobs.NOISE)
                        .set(ElevationKnobs.NOISE_AMPLITUDE, 0.0).build(), rt, 5);
                String where = generator + " grade " + grade;
                assertArrayEquals(general.centerZ(), shortcut.centerZ(), where + ": heights");
                assertEquals(0.25f, shortcut.centerZ()[0], where);
                assertArrayEquals(general.outerZ(), shortcut.outerZ(), where + ": outer heights");
                assertArrayEquals(general.innerZ(), shortcut.innerZ(), where + ": inner heights");
                assertArrayEquals(general.bank(), shortcut.bank(), where + ": banks");
                assertArrayEquals(general.arclen3d(), shortcut.arclen3d(), where + ": 3D arc length");
                assertArrayEquals(general.length3d(), shortcut.length3d(), where + ": 3D length");
                assertArrayEquals(general.tangent3d(), shortcut.tangent3d(), where + ": 3D tangent");
                assertArrayEquals(general.valid(), shortcut.valid(), where + ": verdicts");
                assertArrayEquals(shortcut.arclen(), shortcut.arclen3d(), where + ": the plan arc length");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void everyGeneratorsProfiledTracksHoldTheirBoundsAndTheGateBitesExactlyOnViolations(String generator) {
        String[] profiles = {ElevationKnobs.RANDOM_WALK, ElevationKnobs.UNIFORM, ElevationKnobs.NOISE};
        String profile = profiles[Math.floorMod(generator.hashCode(), 3)];
        double bankMax = Math.toRadians(BANK_MAX_DEG);
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            TrackSnapshot open = run(profiled(generator, profile).build(), rt, 17);
            TrackSnapshot gated = run(profiled(generator, profile).set(ElevationKnobs.VALID_GRADE, GRADE).build(), rt, 17);
            assertArrayEquals(open.centerZ(), gated.centerZ(), "the bound only decides validity");
            int kept = 0;
            int cut = 0;
            boolean banked = false;
            for (int e = 0; e < E; e++) {
                if (open.valid()[e] == 0) {
                    assertEquals(0, gated.valid()[e], "the grade bound never makes a track valid");
                    continue;
                }
                List<String> bad = ElevationAudit.violations(gated, e, Z_MIN_F, Z_MAX_F, GRADE, bankMax);
                double worst = ElevationAudit.maxGrade(gated, e);
                if (gated.valid()[e] == 1) {
                    kept++;
                    assertEquals(List.of(), bad, generator + "/" + profile + " env " + e);
                } else {
                    cut++;
                    assertTrue(worst > GRADE * (1 - ElevationAudit.REL), generator + "/" + profile + " env " + e
                            + " was refused at grade " + worst);
                    List<String> rest = new ArrayList<>(ElevationAudit.violations(gated, e, Z_MIN_F, Z_MAX_F, 0, bankMax));
                    assertEquals(List.of(), rest, "only the grade may fail");
                }
                for (int i = 0; i < open.count()[e]; i++) {
                    banked |= open.bank()[e * open.nMax() + i] != 0f;
                }
            }
            assertTrue(kept + cut > 0, generator + ": no valid planar track");
            assertTrue(banked, generator + ": banking never engaged");
            if (!profile.equals(ElevationKnobs.NOISE)) {
                // knot profiles: the height span reaches into the range, not a constant
                float lo = Float.MAX_VALUE;
                float hi = -Float.MAX_VALUE;
                for (float z : open.centerZ()) {
                    if (!Float.isNaN(z)) {
                        lo = Math.min(lo, z);
                        hi = Math.max(hi, z);
                    }
                }
                assertTrue(hi - lo > 0.1 * (Z_MAX - Z_MIN), generator + ": heights span " + lo + ".." + hi);
            }
        }
    }

    @Test
    void theGradeBoundRefusesSteepTracksAndKeepsGentleOnes() {
        // a walk capped at 0.15 between knots: some loops steeper than 0.12 between points, some not
        int kept = 0;
        int cut = 0;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            TrackGenConfig c = profiled("bezier", ElevationKnobs.RANDOM_WALK).numEnvs(32)
                    .set(ElevationKnobs.VALID_GRADE, GRADE).build();
            TrackSnapshot s = run(c, rt, 5);
            for (int e = 0; e < 32; e++) {
                if (s.valid()[e] == 1) {
                    kept++;
                } else if (ElevationAudit.maxGrade(s, e) > GRADE) {
                    cut++;
                }
                if (s.valid()[e] == 1) {
                    assertTrue(ElevationAudit.maxGrade(s, e) <= GRADE * (1 + ElevationAudit.REL));
                }
            }
        }
        assertTrue(kept > 0 && cut > 0, "kept " + kept + ", refused for grade " + cut);
    }

    @Test
    void eagerReplayedAndOneThreadRunsAgree() {
        TrackGenConfig c = profiled("bezier", ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.VALID_GRADE, 0.2).build();
        try (CpuRuntime two = new CpuRuntime(2, false); CpuRuntime replay = new CpuRuntime(2, true);
             CpuRuntime one = new CpuRuntime(1, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(E, 8)).runtime(replay).build()) {
            TrackSnapshot a = run(c, two, 8);
            g.generate();
            TrackSnapshot b = g.generate().snapshot();
            TrackGeneratorTest.assertSameBatch(a, b);
            TrackGeneratorTest.assertSameBatch(a, run(c, one, 8));
            assertNotEquals(0f, a.centerZ()[0] - a.centerZ()[a.count()[0] / 2], "a walk that moves");
        }
    }

    @Test
    void centerlinesFromElsewhereAreLiftedToo() {
        int e = 4;
        int p = 120;
        float[] xy = new float[2 * e * p];
        for (int k = 0; k < e; k++) {
            for (int i = 0; i < p; i++) {
                double t = 2 * Math.PI * i / p;
                xy[2 * (k * p + i)] = (float) ((1 + 0.1 * k) * Math.cos(t));
                xy[2 * (k * p + i) + 1] = (float) (0.8 * Math.sin(t));
            }
        }
        TrackGenConfig c = Parts.config().numEnvs(e).set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK)
                .set(ElevationKnobs.MAX, 0.2).set(ElevationKnobs.MAX_STEP, 0.1).set(ElevationKnobs.BANK_SPEED, 1.0)
                .build();
        try (CpuRuntime rt = new CpuRuntime(1, false); CenterlinePipeline pipe = new CenterlinePipeline(c, p, rt)) {
            TrackSnapshot s = pipe.run(xy).snapshot();
            for (int k = 0; k < e; k++) {
                assertEquals(1, s.valid()[k]);
                assertEquals(List.of(), ElevationAudit.violations(s, k, 0, 0.2, 0, Math.toRadians(10)));
                // a counter-clockwise ellipse banks into its left turns: the left (+normal) side, the inner one, lower
                int t = k * s.nMax() + 5;
                assertTrue(s.bank()[t] > 0 && s.innerZ()[t] < s.centerZ()[t] && s.outerZ()[t] > s.centerZ()[t],
                        "bank " + s.bank()[t]);
            }
        }
    }

    @Test
    void theConfigurationRefusesAnEmptyHeightRange() {
        InvalidConfigException ex = assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder()
                .set(ElevationKnobs.PROFILE, ElevationKnobs.UNIFORM).set(ElevationKnobs.MIN, 1.0)
                .set(ElevationKnobs.MAX, 0.5).build());
        assertTrue(ex.getMessage().contains("z_min"), ex.getMessage());
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder()
                .set(ElevationKnobs.CONTROL_POINTS, 2).build());
        assertThrows(InvalidConfigException.class, () -> TrackGenConfig.builder()
                .set(ElevationKnobs.BANK_MAX, 60.0).build());
        // flat ignores the range
        TrackGenConfig.builder().set(ElevationKnobs.MIN, 1.0).set(ElevationKnobs.MAX, 0.5).build();
    }
}
