package dev.trackgen.course.kernel;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.collision.Fixtures;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exact backend's pruning (the distance bound, the segments passed over by the box's grown
 * bounding box, the penetration search's skips) changes no bit of any output: every generator's boxes on, across,
 * off and far from the road, against {@link UnprunedOffRoadScan}, which visits everything.
 */
class OffRoadSegmentsPruningTest {
    private static final int PER_ENV = 300;

    @Test
    void prunedQueryEqualsTheFullScanBitForBitOnEveryGenerator() {
        List<String> bad = new ArrayList<>();
        int compared = 0;
        int offRoad = 0;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            for (String name : Fixtures.GENERATORS) {
                int envs = name.equals("repulsive") ? 3 : 5;
                try (TrackGenerator g = Fixtures.generated(name, envs, 11, rt)) {
                    TrackSnapshot s = g.track().snapshot();
                    float hw = (float) Fixtures.config(name, envs).halfWidth();
                    Fixtures.HostBoxes hb = Fixtures.randomBoxes(s, PER_ENV, hw, 5);
                    BoxContacts.Snapshot got = new OffRoadChecker(g.track(), hb.upload(rt), OffRoadOptions.segments())
                            .query().snapshot(rt);
                    for (int t = 0; t < hb.heading().length; t++) {
                        int e = t / PER_ENV;
                        int m = Math.min(s.count()[e], s.nMax());
                        float px = hb.position()[2 * t];
                        float py = hb.position()[2 * t + 1];
                        float h = hb.heading()[t];
                        float hx = hb.halfExtents()[2 * t];
                        float hy = hb.halfExtents()[2 * t + 1];
                        if (!Planar.finite(px, py, h, hx, hy) || m < 3) {
                            continue;
                        }
                        UnprunedOffRoadScan.Answer want = UnprunedOffRoadScan.check(s.inner(), s.outer(), s.center(),
                                e * s.nMax(), m, px, py, h, hx, hy);
                        compared++;
                        offRoad += want.offRoad();
                        UnprunedOffRoadScan.Answer have = new UnprunedOffRoadScan.Answer(got.offRoad()[t],
                                got.clearance()[t], got.nearest()[2 * t], got.nearest()[2 * t + 1], got.normal()[2 * t],
                                got.normal()[2 * t + 1], got.border()[t]);
                        if (!want.equals(have) && bad.size() < 10) { // record equality compares floats as Float.compare: bit for bit up to NaN payloads
                            bad.add(name + " box " + t + ": want " + want + ", got " + have);
                        }
                    }
                }
            }
        }
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
        assertTrue(compared > 5000, "boxes compared: " + compared);
        assertTrue(offRoad > compared / 20 && offRoad < compared - compared / 20,
                "both on- and off-road boxes: " + offRoad + " of " + compared);
    }
}
