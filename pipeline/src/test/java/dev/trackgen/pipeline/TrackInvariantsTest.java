package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every valid track of a batch keeps every promise of {@link dev.trackgen.api.Track}, in several regimes. */
class TrackInvariantsTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "half_width=0.5,scale=10,spacing=0.3", "half_width=0.03",
            "relax_accel=none,relax_iters=80", "relax_sep_cache_slots=0,relax_sep_every=1",
            "style_sampling=true,rad_range=0.2,0.6"})
    void validTracksKeepEveryPromise(String settings) {
        int e = 128;
        TrackGenConfig.Builder b = Parts.config().numEnvs(e);
        if (!settings.isEmpty()) {
            // "a=1,b=2,c=x,y": a value may itself contain a comma (intervals)
            for (String kv : settings.split(",(?=[a-z_]+=)")) {
                b.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            }
        }
        TrackGenConfig c = b.build();
        try (CpuRuntime rt = new CpuRuntime(0, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 1000)).runtime(rt).build()) {
            TrackSnapshot s = g.generate().snapshot();
            assertTrue(s.yield() >= 0.95, settings + ": yield " + s.yield());
            assertEquals(List.of(), TrackInvariants.check(s, c.halfWidth(), c.get(PipelineKnobs.RELAX_TOL)), settings);
        }
    }
}
