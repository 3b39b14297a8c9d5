package dev.trackgen.course.props;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.DiscChecker;
import dev.trackgen.course.collision.DiscContacts;
import dev.trackgen.course.collision.Fixtures;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PropSamplerTest {

    /** Host copy of a prop set. */
    record Props(float[] cones, float[] coneYaw, float[] walls, float[] wallYaw, float[] wallLength, int[] count,
                 int[] truncated, float[] step) {
        static Props of(ComputeRuntime rt, PropSet p) {
            int slots = p.coneYaw().length();
            int rings = p.count().length();
            Props h = new Props(new float[2 * slots], new float[slots], new float[2 * slots], new float[slots],
                    new float[slots], new int[rings], new int[rings], new float[rings]);
            rt.download(p.conePosition(), h.cones());
            rt.download(p.coneYaw(), h.coneYaw());
            rt.download(p.wallCenter(), h.walls());
            rt.download(p.wallYaw(), h.wallYaw());
            rt.download(p.wallLength(), h.wallLength());
            rt.download(p.count(), h.count());
            rt.download(p.truncated(), h.truncated());
            rt.download(p.step(), h.step());
            return h;
        }
    }

    private static double perimeter(float[] ring, int base, int m) {
        double p = 0;
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            p += Math.hypot(ring[2 * (base + j)] - ring[2 * (base + i)], ring[2 * (base + j) + 1] - ring[2 * (base + i) + 1]);
        }
        return p;
    }

    private static double distanceToRing(float[] ring, int base, int m, double x, double y) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            double ax = ring[2 * (base + i)];
            double ay = ring[2 * (base + i) + 1];
            double dx = ring[2 * (base + j)] - ax;
            double dy = ring[2 * (base + j) + 1] - ay;
            double t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
            best = Math.min(best, Math.hypot(ax + t * dx - x, ay + t * dy - y));
        }
        return best;
    }

    @Test
    void everyRingOfEveryGeneratorClosesAtTheSnappedCount() {
        float spacing = 0.1f;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            for (String name : new String[] {"bezier", "voronoi", "circuit"}) {
                try (TrackGenerator g = Fixtures.generated(name, 4, 11, rt)) {
                    TrackSnapshot s = g.track().snapshot();
                    int maxProps = name.equals("circuit") ? 200 : 400; // circuit laps are longer: truncated
                    PropSampler sampler = new PropSampler(g.track(), spacing, maxProps);
                    Props p = Props.of(rt, sampler.sample());
                    for (int r = 0; r < 8; r++) {
                        int e = r / 2;
                        float[] ring = r % 2 == 0 ? s.inner() : s.outer();
                        int base = e * s.nMax();
                        int m = s.count()[e];
                        double perim = perimeter(ring, base, m);
                        long want = Math.round(perim / spacing);
                        int n = (int) Math.max(3, Math.min(maxProps, want));
                        assertEquals(n, p.count()[r], name + " ring " + r);
                        assertEquals(want > maxProps ? 1 : 0, p.truncated()[r]);
                        assertEquals(perim / n, p.step()[r], 1e-5 * perim);
                        double chords = 0;
                        for (int k = 0; k < n; k++) {
                            int slot = r * maxProps + k;
                            double cx = p.cones()[2 * slot];
                            double cy = p.cones()[2 * slot + 1];
                            assertTrue(distanceToRing(ring, base, m, cx, cy) < 1e-5, name + " cone off the border");
                            int next = r * maxProps + (k + 1) % n;
                            double gap = Math.hypot(p.cones()[2 * next] - cx, p.cones()[2 * next + 1] - cy);
                            assertEquals(gap, p.wallLength()[slot], 1e-5);
                            assertEquals((cx + p.cones()[2 * next]) / 2, p.walls()[2 * slot], 1e-5);
                            // no seam gap, no doubled prop: every chord at most one step, none degenerate
                            assertTrue(gap <= perim / n * (1 + 1e-4) && gap > 1e-3 * perim / n, name + " gap " + gap);
                            chords += gap;
                        }
                        assertTrue(chords <= perim * (1 + 1e-5) && chords > 0.97 * perim, name + " chords " + chords);
                        assertEquals(ring[2 * base], p.cones()[2 * r * maxProps], 0f); // cone 0 at border point 0
                        for (int k = n; k < maxProps; k++) {
                            assertTrue(Float.isNaN(p.cones()[2 * (r * maxProps + k)]) && Float.isNaN(p.wallLength()[r * maxProps + k]));
                        }
                    }
                }
            }
        }
    }

    @Test
    void aRingNeverHoldsFewerThanThreeAndDegenerateTracksNone() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            Track t = Fixtures.circle(rt, 2, 128, 1.0, 0.1);
            rt.upload(new int[] {128, 2}, t.count());
            Props p = Props.of(rt, new PropSampler(t, 100f, 8).sample());
            assertEquals(3, p.count()[0]);
            assertEquals(3, p.count()[1]);
            assertEquals(0, p.count()[2]);
            assertEquals(0, p.count()[3]);
            assertTrue(Float.isNaN(p.step()[2]) && Float.isNaN(p.cones()[2 * 16]));
            // a 3-cone ring on a circle: an equilateral triangle
            assertEquals(Math.sqrt(3) * 0.9, p.wallLength()[0], 1e-3);
            assertThrows(IllegalArgumentException.class, () -> new PropSampler(t, 0f, 8));
            assertThrows(IllegalArgumentException.class, () -> new PropSampler(t, 1f, 2));
            assertEquals(64, PropSampler.slotsFor(6.3, 0.1));
        }
    }

    @Test
    void conesBecomeDiscsThatFollowEveryResample() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            Track t = Fixtures.circle(rt, 1, 256, 1.0, 0.1);
            PropSampler sampler = new PropSampler(t, 0.2f, 64);
            PropSet props = sampler.sample();
            Props p = Props.of(rt, props);
            // a box on outer cone 5 hits it; a box mid-road hits nothing
            int slot = 64 + 5;
            float[] pos = {p.cones()[2 * slot], p.cones()[2 * slot + 1], 1f, 0f};
            Boxes b = new Fixtures.HostBoxes(2, pos, new float[] {0f, 0f}, new float[] {0.02f, 0.01f, 0.02f, 0.01f})
                    .upload(rt);
            DiscChecker checker = new DiscChecker(rt, b, props.coneDiscs(0.03f));
            DiscContacts.Snapshot s = checker.query().snapshot(rt);
            assertEquals(1, s.hit()[0]);
            assertEquals(slot, s.disc()[0]);
            assertEquals(0.03, s.depth()[0], 1e-6);
            assertEquals(0, s.hit()[1]);
            assertEquals(0, AllocationProbe.perCall(300, 100, 5, sampler::sample), "bytes per sample");
        }
    }
}
