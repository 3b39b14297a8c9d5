package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.grid.StartRule;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.pipeline.CenterlinePipeline;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The start line of a bridge course (docs/elevation.md, "Bridges"): on figure-eights whose point 0
 * sits on the crossing, the line and its grid move forward off the crossing's footprint with
 * {@code StartGrid.Builder.avoidingCrossings} ({@code ARC_ZERO}; a longest-straight line off the
 * crossing stays), and checkpoint 0 follows.
 */
class BridgeStartTest {
    private static final int E = 2;
    private static final double HW = 0.1;
    private static final int POINTS = 500;

    /** Lemniscates 6 units across starting at the crossing; env 1 stretched along x (oblique). */
    private static float[] figureEightsFromTheCrossing() {
        float[] out = new float[2 * POINTS * E];
        for (int e = 0; e < E; e++) {
            double sx = e == 0 ? 3.0 : 5.0;
            for (int i = 0; i < POINTS; i++) {
                double t = Math.PI / 2 + 2 * Math.PI * (i + 0.5) / POINTS;
                double d = 1 + Math.sin(t) * Math.sin(t);
                out[2 * (e * POINTS + i)] = (float) (sx * Math.cos(t) / d);
                out[2 * (e * POINTS + i) + 1] = (float) (3.0 * Math.sin(t) * Math.cos(t) / d);
            }
        }
        return out;
    }

    @Test
    void aStartLineOnTheCrossingMovesForwardWithItsGrid() {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(E).runtime("cpu").halfWidth(HW).nMax(800)
                .set(PipelineKnobs.RELAX_ENABLE, false).set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        try (CenterlinePipeline pipe = new CenterlinePipeline(c, POINTS, Fixtures.runtime())) {
            Track t = pipe.run(figureEightsFromTheCrossing());
            TrackSnapshot h = t.snapshot();
            assertEquals(E, h.validCount(), "every figure-eight is a bridge course");
            for (StartRule rule : StartRule.values()) {
                StartGrid plain = StartGrid.builder(t).halfWidth(HW).slots(4).rule(rule).build();
                plain.compute();
                StartGrid clear = StartGrid.builder(t).halfWidth(HW).slots(4).rule(rule).avoidingCrossings(true).build();
                clear.compute();
                int[] i0 = ((HostI32Array) plain.startIndex()).data().clone();
                int[] i1 = ((HostI32Array) clear.startIndex()).data().clone();
                float[] s1 = ((HostF32Array) clear.startS()).data().clone();
                float[] g0 = ((HostVec2Array) plain.positions()).data().clone();
                float[] g1 = ((HostVec2Array) clear.positions()).data().clone();
                Checkpoints cps = Checkpoints.builder(t).spacing(5 * HW).startAt(clear).avoidingCrossings(true).build();
                cps.compute();
                int[] cpIndex = ((HostI32Array) cps.index()).data();
                int plainOnCrossing = 0;
                for (int e = 0; e < E; e++) {
                    int b = e * h.nMax();
                    String what = rule + " env " + e;
                    float[] cc = h.center();
                    double r0 = Math.hypot(cc[2 * (b + i0[e])], cc[2 * (b + i0[e]) + 1]);
                    double r1 = Math.hypot(cc[2 * (b + i1[e])], cc[2 * (b + i1[e]) + 1]);
                    // the crossing is at the origin, where point 0 is
                    if (rule == StartRule.ARC_ZERO) {
                        assertEquals(0, i0[e], what + ": the plain line at point 0");
                        assertTrue(r0 < HW, what + ": the plain line on the crossing, " + r0 / HW + " half-widths from it");
                    } else if (r0 > 3 * HW) { // the longest straight off the crossing: a clear line stays
                        assertEquals(i0[e], i1[e], what + ": a clear line stays");
                        assertEquals(g0[2 * e * 4], g1[2 * e * 4], what + ": and its grid");
                        continue;
                    }
                    plainOnCrossing++;
                    // moved forward (a short way: just off the footprint), clear of the other branch
                    int ahead = ((i1[e] - i0[e]) + h.count(e)) % h.count(e);
                    assertTrue(ahead > 0 && ahead < h.count(e) / 8, what + ": moved " + ahead + " points");
                    assertTrue(r1 > 0.99 * HW && r1 < 3 * HW, what + ": the line " + r1 / HW + " half-widths from the crossing");
                    assertEquals(h.arclen()[b + i1[e]], s1[e], what + ": its arc length");
                    assertEquals(i1[e], cpIndex[e * cps.maxCheckpoints()], what + ": checkpoint 0 is the line");
                    // the grid moved with it: pole position a half-width behind the new line
                    double[] pole = Fixtures.pointAt(h, e, s1[e] - HW);
                    double moved = Math.hypot(g1[2 * e * 4] - g0[2 * e * 4], g1[2 * e * 4 + 1] - g0[2 * e * 4 + 1]);
                    assertTrue(moved > HW, what + ": the grid moved " + moved);
                    assertTrue(Math.hypot(g1[2 * e * 4] - pole[0], g1[2 * e * 4 + 1] - pole[1]) <= HW / 2 + 1e-4,
                            what + ": pole position beside the centerline a half-width behind the line");
                }
                if (rule == StartRule.ARC_ZERO) {
                    assertEquals(E, plainOnCrossing, "every ARC_ZERO line starts on the crossing");
                }
            }
        }
    }
}
