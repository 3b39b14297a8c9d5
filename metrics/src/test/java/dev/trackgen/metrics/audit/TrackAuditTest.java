package dev.trackgen.metrics.audit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The independent audit on hand-made tracks whose verdict is known. */
class TrackAuditTest {
    private static final double HW = 0.1;
    private final TrackAudit audit = new TrackAudit(HW, 0.02);

    private Optional<Violation> check(double[] xy, double hw) {
        return new TrackAudit(hw, 0.02).audit(HandTracks.of(xy, hw, xy.length / 2 + 5), 0);
    }

    @Test
    void aWideCircleIsARoad() {
        assertEquals(Optional.empty(), check(HandTracks.circle(120, 1.0), HW));
    }

    @Test
    void theCollinearFoldOfTheReportIsBroken() {
        // five points back and forth along a line: Menger curvature sees no turn at the folds
        double[] fold = {0, 0, 0.039, 0.0001, 0.078, 0, 0.039, -0.0001, 0.0, 0.00001};
        Violation v = check(fold, HW).orElseThrow();
        assertEquals(Criterion.TURN, v.criterion(), v.toString());
    }

    @Test
    void aFigureEightCrossesItself() {
        Violation v = check(HandTracks.figureEight(400, 2.0), 0.01).orElseThrow();
        assertTrue(v.criterion() == Criterion.CENTERLINE_SIMPLE || v.criterion() == Criterion.WINDING
                || v.criterion() == Criterion.CLEARANCE, v.toString());
    }

    @Test
    void aCircleTighterThanTheHalfWidthFolds() {
        // the inner border of a radius-0.9 hw circle runs backwards
        Violation v = check(HandTracks.circle(60, 0.09), HW).orElseThrow();
        assertTrue(v.criterion() == Criterion.TURN || v.criterion() == Criterion.RADIUS, v.toString());
    }

    @Test
    void aNarrowNeckOverlapsTheRoad() {
        assertEquals(Optional.empty(), check(HandTracks.dumbbell(400, 1.0, 0.5), HW), "a wide neck is fine");
        Violation v = check(HandTracks.dumbbell(400, 1.0, 0.06), HW).orElseThrow();
        assertTrue(v.criterion() == Criterion.CLEARANCE || v.criterion() == Criterion.BORDERS_DISJOINT
                || v.criterion() == Criterion.BORDER_SIMPLE, v.toString());
    }

    @Test
    void bordersAtTheWrongDistanceBreakTheFrame() {
        TrackSnapshot s = HandTracks.of(HandTracks.circle(120, 1.0), HW, 130);
        s.outer()[2 * 7] += 0.01f;
        assertEquals(Criterion.FRAME, audit.audit(s, 0).orElseThrow().criterion());
    }

    @Test
    void aRealSlotPastTheCountBreaksTheLayout() {
        TrackSnapshot s = HandTracks.of(HandTracks.circle(120, 1.0), HW, 130);
        s.arclen()[125] = 0f;
        assertEquals(Criterion.LAYOUT, audit.layout(s, 0).orElseThrow().criterion());
    }

    @Test
    void tooFewPointsOrTooShortIsNotARoad() {
        // a square of side 0.3 at half-width 0.1: perimeter 1.2 but only 4 points
        double[] sq = {0, 0, 0.3, 0, 0.3, 0.3, 0, 0.3};
        Violation v = check(sq, HW).orElseThrow();
        assertTrue(v.criterion() == Criterion.TURN || v.criterion() == Criterion.SIZE
                || v.criterion() == Criterion.RADIUS, v.toString());
    }

    @Test
    void segmentContactIsExactAndCountsTouching() {
        assertTrue(Polygon.segmentsMeet(0, 0, 2, 0, 1, -1, 1, 1), "crossing");
        assertTrue(Polygon.segmentsMeet(0, 0, 2, 0, 1, 0, 1, 1), "T junction");
        assertTrue(Polygon.segmentsMeet(0, 0, 2, 0, 2, 0, 3, 1), "shared end point");
        assertTrue(Polygon.segmentsMeet(0, 0, 2, 0, 1, 0, 3, 0), "collinear overlap");
        assertFalse(Polygon.segmentsMeet(0, 0, 1, 0, 2, 0, 3, 0), "collinear apart");
        assertFalse(Polygon.segmentsMeet(0, 0, 2, 0, 1, 1e-12, 1, 1), "just above");
        assertFalse(Polygon.segmentsMeet(0, 0, 1, 1, 1, 0, 2, 1), "parallel");
    }

    @Test
    void windingNumberTellsInsideFromOutside() {
        Polygon sq = Polygon.of(new double[] {0, 1, 1, 0}, new double[] {0, 0, 1, 1});
        assertEquals(1, sq.winding(0.5, 0.5));
        assertEquals(0, sq.winding(1.5, 0.5));
        assertEquals(0, sq.winding(-0.5, 0.5));
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(InvalidConfigException.class, () -> new TrackAudit(0, 0.02));
        assertThrows(InvalidConfigException.class, () -> new TrackAudit(0.1, 1.0));
        assertThrows(InvalidConfigException.class, () -> new TrackAudit(Double.NaN, 0.02));
    }
}
