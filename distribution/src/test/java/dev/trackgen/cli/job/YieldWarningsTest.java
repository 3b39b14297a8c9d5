package dev.trackgen.cli.job;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Random batches of counts and flags: every invalid track at a limit is counted under its cause. */
class YieldWarningsTest {
    private static int countIn(List<String> lines, String marker) {
        for (String l : lines) {
            if (l.contains(marker)) {
                return Integer.parseInt(l.substring(0, l.indexOf(' ')));
            }
        }
        return 0;
    }

    @Test
    void everyTrackAtALimitIsCountedUnderItsCause() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 500; trial++) {
            int e = 1 + rnd.nextInt(40);
            int nMax = 4 + rnd.nextInt(60);
            TrackGenConfig config = TrackGenConfig.builder().numEnvs(e).nMax(nMax).build();
            TrackSnapshot s = new TrackSnapshot(e, nMax);
            int empty = 0;
            int truncated = 0;
            int collapsed = 0;
            for (int k = 0; k < e; k++) {
                int c = switch (rnd.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> nMax;
                    case 2 -> 1 + rnd.nextInt(3);
                    default -> rnd.nextInt(nMax + 1);
                };
                boolean valid = c >= 4 && rnd.nextBoolean();
                s.count()[k] = c;
                s.valid()[k] = valid ? 1 : 0;
                empty += c == 0 ? 1 : 0;
                truncated += c == nMax && !valid ? 1 : 0;
                collapsed += c > 0 && c < YieldWarnings.COLLAPSED_BELOW && c != nMax && !valid ? 1 : 0;
            }
            List<String> lines = YieldWarnings.of(config, s);
            assertEquals(empty, countIn(lines, "have no usable centerline"), lines::toString);
            assertEquals(truncated, countIn(lines, "needed more than N_max"), lines::toString);
            assertEquals(collapsed, countIn(lines, "collapsed to fewer than"), lines::toString);
            int valid = s.validCount();
            boolean generic = lines.stream().anyMatch(l -> l.startsWith("no track of the"));
            assertEquals(valid == 0 && empty + truncated + collapsed == 0, generic, lines::toString);
            assertTrue(lines.stream().noneMatch(l -> l.contains("\n")));
        }
    }
}
