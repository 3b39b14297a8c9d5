package dev.trackgen.metrics.circuit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading centerline files: both layouts, the half-width rule, and one clear message per malformed input. */
class CircuitReaderTest {
    private static final String TUM = "# x_m,y_m,w_tr_right_m,w_tr_left_m";

    private static Circuit parse(String... lines) {
        return CircuitReader.parse("t.csv", List.of(lines));
    }

    private static String failure(String... lines) {
        CircuitException e = assertThrows(CircuitException.class, () -> parse(lines));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("t.csv: "), e.getMessage());
        return e.getMessage();
    }

    private static String invalid(double spacing, String... lines) {
        Circuit c = parse(lines);
        CircuitException e = assertThrows(CircuitException.class, () -> c.validate(spacing));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void readsTheTumLayoutAndTakesHalfTheMeanWidth() {
        Circuit c = parse(TUM, "0,0,1,3", "", "4,0,2,2", "# a comment", "4,4,2.5,1.5", "0,4,1,1");
        assertEquals(4, c.size());
        assertArrayEquals(new double[] {0, 0, 4, 0, 4, 4, 0, 4}, c.xy());
        assertEquals(6, c.line(2), "file line numbers are kept");
        // (1+3)/2, (2+2)/2, (2.5+1.5)/2, (1+1)/2 -> mean 1.75
        assertEquals(1.75, c.halfWidth(), 1e-15);
        assertTrue(c.halfWidthRule().startsWith("mean of (w_tr_right_m + w_tr_left_m) / 2"));
        assertEquals(16, c.perimeter(), 1e-12);
        c.validate(1.0);
    }

    @Test
    void readsPlainXyWithoutAHalfWidth() {
        Circuit c = parse("0,0", "1,0", " 1 , 1 ", "0,1");
        assertTrue(Double.isNaN(c.halfWidth()));
        assertEquals(0.25, c.withHalfWidth(0.25, "given").halfWidth());
    }

    @Test
    void anExplicitlyClosedLoopDropsItsRepeatedLastRow() {
        Circuit c = parse("0,0", "1,0", "1,1", "0,1", "0,0");
        assertEquals(4, c.size());
        c.validate(0.5);
    }

    @Test
    void scalingAboutTheCentroid() {
        Circuit c = parse(TUM, "0,0,2,2", "4,0,2,2", "4,4,2,2", "0,4,2,2").scaledToHalfWidth(0.5);
        assertArrayEquals(new double[] {1.5, 1.5, 2.5, 1.5, 2.5, 2.5, 1.5, 2.5}, c.xy(), 1e-15);
        assertEquals(0.5, c.halfWidth());
    }

    @Test
    void fewerThanFourPoints() {
        assertTrue(failure("0,0", "1,0", "1,1").contains("only 3 distinct points; a closed centerline needs at least 4"));
        assertTrue(failure("0,0", "1,0", "1,1", "0,0").contains("only 3 distinct points"));
        assertTrue(failure("# nothing", "").contains("no data rows"));
    }

    @Test
    void nanAndInfinity() {
        assertTrue(failure(TUM, "0,0,1,1", "1,NaN,1,1").contains("line 3: column 2 (y_m) is NaN; coordinates and widths must be finite"));
        assertTrue(failure("0,0", "-inf,1").contains("line 2: column 1 (x) is -inf"));
        assertTrue(failure("0,0", "1e999,1").contains("line 2: column 1 (x): 1e999 is out of range"));
    }

    @Test
    void nonNumericRows() {
        assertTrue(failure("x,y", "0,0").contains("line 1: column 1 (x): 'x' is not a number"));
        assertTrue(failure("0,0", "1,0", "1,abc", "0,1").contains("line 3: column 2 (y): 'abc' is not a number"));
        assertTrue(failure("0,0", "1,", "1,1", "0,1").contains("line 2: column 2 (y) is empty"));
        assertTrue(failure("0,0,0").contains("line 1: expected 2 columns (x,y) or 4"));
        assertTrue(failure("0,0", "1,0,5,5").contains("line 2: 4 columns, but line 1 has 2"));
        assertTrue(failure(TUM, "0,0,1,-1").contains("line 2: w_tr_left_m = -1 must be positive"));
    }

    @Test
    void duplicateConsecutivePoints() {
        String m = invalid(0.5, "0,0", "1,0", "1,0", "1,1", "0,1");
        assertTrue(m.contains("lines 2 and 3 repeat the same point (1, 0); remove the duplicate"), m);
    }

    @Test
    void anOpenPolyline() {
        // a U: the closing edge (0,4) -> (0,0) is 4, more than 2 x max(spacing 0.5, longest other edge 1)
        String m = invalid(0.5, "0,0", "1,0", "2,0", "2,1", "2,2", "2,3", "2,4", "1,4", "0,4");
        assertTrue(m.contains("the centerline is open: its last point (line 9) is 4 from its first (line 1), "
                + "more than 2 x max(spacing 0.5, longest edge 1) = 2"), m);
        // the same points close fine when the spacing is coarse: the gap is then an ordinary edge
        parse("0,0", "1,0", "2,0", "2,1", "2,2", "2,3", "2,4", "1,4", "0,4").validate(2.0);
    }

    @Test
    void aSelfCrossingCenterlineIsInvalidNotRepaired() {
        String m = invalid(0.5, "# bow tie", "0,0", "2,2", "2,0", "0,2");
        assertTrue(m.contains("the centerline crosses itself: the edge from line 2 to line 3 crosses the edge from "
                + "line 4 to line 5; a self-crossing centerline is invalid and is not repaired"), m);
    }

    @Test
    void aLoopClosedTwiceRepeatsItsFirstPoint() {
        // the reader drops one explicit closing row; a second one is a duplicate of the first point
        String m = invalid(0.5, "0,0", "1,0", "1,1", "0,1", "0,0", "0,0");
        assertTrue(m.contains("lines 5 and 1 repeat the same point (0, 0); remove the duplicate"), m);
    }

    @Test
    void aCenterlineThatTouchesItselfAtAVertexIsInvalidNotRepaired() {
        // a figure eight whose two lobes meet in a shared vertex: no proper crossing, but not simple
        String m = invalid(0.5, "0,0", "1,1", "2,0", "2,2", "1,1", "0,2");
        assertTrue(m.contains("lines 2 and 5 are the same point (1, 1): the centerline touches itself; "
                + "a self-touching centerline is invalid and is not repaired"), m);
    }

    @Test
    void aCenterlineShorterThanFourSpacingsIsRefused() {
        String m = invalid(2.0, "0,0", "1,0", "1,1", "0,1");
        assertTrue(m.contains("the centerline is 4 long, less than 4 x the spacing 2; it would keep fewer than 4 "
                + "points (lower the spacing or the half-width)"), m);
    }

    @Test
    void filesOnDisk(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("loop.csv");
        Files.writeString(f, "\uFEFF" + TUM + "\n0,0,1,1\n4,0,1,1\n4,4,1,1\n0,4,1,1\n");
        assertEquals(4, CircuitReader.read(f).size());
        CircuitException e = assertThrows(CircuitException.class, () -> CircuitReader.read(dir.resolve("none.csv")));
        assertTrue(e.getMessage().endsWith("none.csv: no such file"), e.getMessage());
        Path bin = dir.resolve("bin.csv");
        Files.write(bin, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertTrue(assertThrows(CircuitException.class, () -> CircuitReader.read(bin)).getMessage()
                .contains("not a text (UTF-8) CSV file"));
    }
}
