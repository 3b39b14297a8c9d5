package dev.trackgen.metrics.audit;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.RelaxKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The search's verdict on bridge tracks: a track whose road meets itself in the plan view, where
 * the bridge stage lifted one branch over the other, is sound when the surfaces are far enough
 * apart vertically. Without that, {@code trackgen check --tracks 100000} (seed 0) reported four
 * bridge tracks (one voronoi, three circuit) as valid but broken for plan-view clearance.
 */
class BridgeVerdictTest {
    /** The voronoi batch of that report: env 492's point 27 passes 0.095 under the lifted branch near point 49. */
    private static TrackSnapshot voronoiBatch(ComputeRuntime runtime, TrackGenLauncher gens) {
        TrackGenConfig config = TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator(gens.generator("voronoi"))
                .runtime("cpu").numEnvs(512)
                .set(PipelineKnobs.TURNING_TOL, 0.06387683571457284)
                .set(ElevationKnobs.BASE, -239887.16781781625)
                .set(ElevationKnobs.BANK_GRAVITY, 39.327110908727285)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, 0.10734838479413926)
                .set(RelaxKnobs.SEP_RELAX, 4.0).build();
        try (TrackGenerator tg = gens.builder(config).rng(PerEnvSeededRng.fromScalar(512, 64337)).runtime(runtime).build()) {
            return tg.generate().snapshot();
        }
    }

    @Test
    void aBridgedPlanViewContactIsSoundOnlyWithTheVerticalClearance() {
        TrackGenLauncher gens = TrackGenLauncher.discover();
        try (ComputeRuntime runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults())) {
            TrackSnapshot s = voronoiBatch(runtime, gens);
            int env = 492;
            double clearance = 0.10734838479413926;
            TrackAudit audit = new TrackAudit(0.1, 0.02, false);
            assertTrue(s.isValid(env), "the gate flags the bridge track valid");
            Optional<Violation> planView = audit.audit(s, env);
            assertEquals(Optional.of(Criterion.CLEARANCE), planView.map(Violation::criterion),
                    "in the plan view the lifted branch passes within the clearance");
            assertEquals(Optional.empty(), ValiditySearch.verdict(audit, s, env, clearance, 0.0),
                    () -> "the bridge separates the surfaces: " + BridgeAudit.check(s, env, clearance, 0.0));
            // the same contact is broken when the surfaces must be farther apart than the lift
            assertEquals(Optional.of(Criterion.CLEARANCE),
                    ValiditySearch.verdict(audit, s, env, 10 * clearance, 0.0).map(Violation::criterion));
            // and with bridges off the plan-view verdict stands
            assertEquals(planView, ValiditySearch.verdict(audit, s, env, 0.0, 0.0));
        }
    }
}
