package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.generators.GeneratorContractTest;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckpointGeneratorTest {

    static int crossingLoops(String settings) {
        int e = 256;
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(new CheckpointGenerator()).numEnvs(e);
        for (String kv : settings.split(";")) {
            b.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        TrackGenConfig c = b.build();
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            float[] xy = GeneratorContractTest.run(rt, new CheckpointGenerator(), c, GeneratorContractTest.seeds(e, 0))
                    .centerline();
            int n = c.numPoints();
            float[] boxes = new float[Crossings.boxFloats(n)];
            int crossing = 0;
            for (int env = 0; env < e; env++) {
                crossing += Crossings.count(xy, env * n, n, boxes, 0, 1);
                double minx = Double.MAX_VALUE;
                double maxx = -Double.MAX_VALUE;
                double miny = Double.MAX_VALUE;
                double maxy = -Double.MAX_VALUE;
                for (int i = 0; i < n; i++) {
                    minx = Math.min(minx, xy[2 * (env * n + i)]);
                    maxx = Math.max(maxx, xy[2 * (env * n + i)]);
                    miny = Math.min(miny, xy[2 * (env * n + i) + 1]);
                    maxy = Math.max(maxy, xy[2 * (env * n + i) + 1]);
                }
                assertEquals(1.44, Math.max(maxx - minx, maxy - miny), 1e-4, "normalized extent");
                assertEquals(0, minx + maxx, 1e-4);
            }
            return crossing;
        }
    }

    @Test
    void bestOfKAndTheClipRemoveCrossings() {
        int single = crossingLoops("checkpoint_best_of_k=1");
        int best4 = crossingLoops("checkpoint_best_of_k=4");
        int clipped = crossingLoops("checkpoint_best_of_k=1;checkpoint_clip_fallback=true");
        assertTrue(single >= 5, "a single candidate often crosses: " + single);
        assertTrue(best4 <= single / 4, "best of 4: " + best4 + " vs " + single);
        assertTrue(clipped <= single / 2, "the clip mends single crossings: " + clipped + " vs " + single);
    }
}
