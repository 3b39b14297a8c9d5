package dev.trackgen.course;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.props.PropSampler;
import dev.trackgen.course.props.PropSet;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The course's parts on roads whose width varies along the lap (the curvature width profile,
 * half-widths 0.07 to 0.13): the start grid keeps its margin from the narrowest border, every
 * checkpoint line spans the local road width, and the cones stand on the actual borders.
 */
class VaryingWidthPartsTest {
    private static final double W_MIN = 0.07;

    @Test
    void gridCheckpointsAndConesFollowTheLocalWidths() {
        try (CpuRuntime rt = new CpuRuntime(2, false);
             TrackGenerator g = dev.trackgen.course.collision.Fixtures.generated("bezier", 8, 11, rt,
                     Map.of("width_profile", "curvature", "half_width_min", Double.toString(W_MIN),
                             "half_width_max", "0.13"))) {
            TrackSnapshot h = g.track().snapshot();
            double hw = g.config().halfWidth();
            double narrowest = Double.POSITIVE_INFINITY;
            for (int e = 0; e < h.numEnvs(); e++) {
                for (int i = 0; h.isValid(e) && i < h.count(e); i++) {
                    int t = e * h.nMax() + i;
                    narrowest = Math.min(narrowest, Math.min(h.leftHalfWidth()[t], h.rightHalfWidth()[t]));
                }
            }
            assertTrue(narrowest >= W_MIN - 1e-6 && narrowest < 0.9 * hw, "narrowest " + narrowest);

            // the grid: lateral offset at most narrowest - margin, so inside the road everywhere
            StartGrid grid = StartGrid.builder(g.track()).halfWidth(hw).narrowest(W_MIN).slots(6).build().compute();
            double margin = hw / 4;
            assertEquals(W_MIN - margin, grid.lateral(), 1e-12);
            float[] pos = ((HostVec2Array) grid.positions()).data();
            for (int e = 0; e < h.numEnvs(); e++) {
                for (int k = 0; h.isValid(e) && k < 6; k++) {
                    Fixtures.Projection p = Fixtures.project(h, e, pos[2 * (e * 6 + k)], pos[2 * (e * 6 + k) + 1]);
                    assertTrue(p.dist() <= narrowest - margin + 1e-5, "env " + e + " slot " + k + ": " + p.dist());
                }
            }
            assertEquals(0.5 * hw, StartGrid.builder(g.track()).halfWidth(hw).build().lateral(), 1e-12,
                    "constant width: the default lateral offset");

            // checkpoints: each line from the inner to the outer border at its point, the local width
            Checkpoints cps = Checkpoints.builder(g.track()).spacing(5 * hw).startAt(grid).build().compute();
            float[] in = ((HostVec2Array) cps.inner()).data();
            float[] out = ((HostVec2Array) cps.outer()).data();
            int[] index = ((HostI32Array) cps.index()).data();
            int[] count = ((HostI32Array) cps.count()).data();
            int slots = index.length / h.numEnvs();
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (int e = 0; e < h.numEnvs(); e++) {
                for (int k = 0; h.isValid(e) && k < count[e]; k++) {
                    int c = e * slots + k;
                    int t = e * h.nMax() + index[c];
                    double span = Math.hypot(out[2 * c] - in[2 * c], out[2 * c + 1] - in[2 * c + 1]);
                    double width = h.leftHalfWidth()[t] + h.rightHalfWidth()[t];
                    assertEquals(width, span, 1e-5, "env " + e + " checkpoint " + k + " spans the road");
                    lo = Math.min(lo, span);
                    hi = Math.max(hi, span);
                }
            }
            assertTrue(hi > 1.3 * lo, "checkpoint lines of varying length: " + lo + " to " + hi);

            // cones: on the border rings, whose distance to the centerline varies with the width
            int maxProps = 1000;
            PropSet props = new PropSampler(g.track(), 0.05f, maxProps).sample();
            float[] cones = new float[2 * props.coneYaw().length()];
            int[] n = new int[props.count().length()];
            rt.download(props.conePosition(), cones);
            rt.download(props.count(), n);
            double near = Double.POSITIVE_INFINITY;
            double far = 0;
            for (int r = 0; r < n.length; r++) {
                int e = r / 2;
                if (!h.isValid(e)) {
                    continue;
                }
                float[] ring = r % 2 == 0 ? h.inner() : h.outer();
                for (int k = 0; k < n[r]; k++) {
                    double x = cones[2 * (r * maxProps + k)];
                    double y = cones[2 * (r * maxProps + k) + 1];
                    assertTrue(distanceToRing(ring, e * h.nMax(), h.count(e), x, y) < 1e-5, "ring " + r + " cone " + k);
                    double d = Fixtures.project(h, e, x, y).dist();
                    near = Math.min(near, d);
                    far = Math.max(far, d);
                }
            }
            assertTrue(near >= narrowest - 1e-3 && far > 1.3 * near, "cones from " + near + " to " + far
                    + " off the centerline");
        }
    }

    private static double distanceToRing(float[] ring, int base, int m, double px, double py) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            double ax = ring[2 * (base + i)];
            double ay = ring[2 * (base + i) + 1];
            double dx = ring[2 * (base + j)] - ax;
            double dy = ring[2 * (base + j) + 1] - ay;
            double l2 = dx * dx + dy * dy;
            double u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
            best = Math.min(best, Math.hypot(px - ax - u * dx, py - ay - u * dy));
        }
        return best;
    }
}
