package dev.trackgen.metrics.circuit;

import dev.trackgen.metrics.LoopGrid;
import dev.trackgen.metrics.PolylineMetrics;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A closed centerline read from a file: its points in file order (the last connects back to the
 * first), the file line each point came from, and the road half-width with the rule that gave it.
 * Immutable; {@link #xy()} returns a copy.
 */
public final class Circuit {
    /** Consecutive points closer than this fraction of the mean edge length are duplicates. */
    public static final double DUPLICATE_REL = 1e-6;
    /** The loop is open when its closing gap exceeds this many times max(spacing, longest other edge). */
    public static final double OPEN_GAP_FACTOR = 2.0;
    /** The float32 resolution an import needs at its extent, as a fraction of min(half-width, spacing). */
    public static final double FLOAT32_RESOLUTION = 1e-3;

    private final String name;
    private final double[] xy;
    private final int[] lines;
    private final double halfWidth;
    private final String halfWidthRule;
    /** Per-point half-widths on the left (+normal) and right side, or null when the file gives none. */
    private final double[] leftWidths;
    private final double[] rightWidths;

    /**
     * @param name          a name for messages (usually the file name)
     * @param xy            interleaved points, at least 4
     * @param lines         the file line of each point (1-based), same count
     * @param halfWidth     the road half-width, or NaN when the file gives no widths
     * @param halfWidthRule how the half-width was obtained, for reports
     */
    public Circuit(String name, double[] xy, int[] lines, double halfWidth, String halfWidthRule) {
        this(name, xy, lines, halfWidth, halfWidthRule, null, null);
    }

    /**
     * A circuit with the file's own width at every point (TUM {@code w_tr_left_m},
     * {@code w_tr_right_m}).
     *
     * @param name          a name for messages (usually the file name)
     * @param xy            interleaved points, at least 4
     * @param lines         the file line of each point (1-based), same count
     * @param halfWidth     the road half-width the relaxation and the spacing use (the mean), or NaN
     * @param halfWidthRule how the half-width was obtained, for reports
     * @param leftWidths    per point, the distance from the centerline to the left border (the
     *                      side of the left normal {@code (-t.y, t.x)} of the direction of
     *                      travel), positive; null for none
     * @param rightWidths   per point, the distance to the right border; null with {@code leftWidths}
     * @throws IllegalArgumentException if the counts differ or only one side is given
     */
    public Circuit(String name, double[] xy, int[] lines, double halfWidth, String halfWidthRule, double[] leftWidths,
                   double[] rightWidths) {
        if (xy.length != 2 * lines.length) {
            throw new IllegalArgumentException(xy.length / 2 + " points but " + lines.length + " line numbers");
        }
        if ((leftWidths == null) != (rightWidths == null)
                || (leftWidths != null && (leftWidths.length != lines.length || rightWidths.length != lines.length))) {
            throw new IllegalArgumentException("per-point widths need both sides, one per point");
        }
        this.leftWidths = leftWidths == null ? null : leftWidths.clone();
        this.rightWidths = rightWidths == null ? null : rightWidths.clone();
        this.name = name;
        this.xy = xy.clone();
        this.lines = lines.clone();
        this.halfWidth = halfWidth;
        this.halfWidthRule = halfWidthRule;
    }

    /** @return the name used in messages */
    public String name() {
        return name;
    }

    /** @return the number of points */
    public int size() {
        return lines.length;
    }

    /** @return a copy of the interleaved points */
    public double[] xy() {
        return xy.clone();
    }

    /**
     * @param i point index
     * @return the file line it came from
     */
    public int line(int i) {
        return lines[i];
    }

    /** @return whether the circuit has its own left and right width at every point */
    public boolean hasWidths() {
        return leftWidths != null;
    }

    /** @return a copy of the per-point left half-widths (the +normal side), or null */
    public double[] leftWidths() {
        return leftWidths == null ? null : leftWidths.clone();
    }

    /** @return a copy of the per-point right half-widths (the -normal side), or null */
    public double[] rightWidths() {
        return rightWidths == null ? null : rightWidths.clone();
    }

    /** @return the half-width, NaN when unknown */
    public double halfWidth() {
        return halfWidth;
    }

    /** @return how the half-width was obtained */
    public String halfWidthRule() {
        return halfWidthRule;
    }

    /** @return the closed perimeter */
    public double perimeter() {
        return PolylineMetrics.perimeter(xy, size());
    }

    /**
     * @param hw   the half-width to use
     * @param rule how it was obtained
     * @return the same points with that half-width everywhere (the per-point widths dropped)
     */
    public Circuit withHalfWidth(double hw, String rule) {
        return new Circuit(name, xy, lines, hw, rule);
    }

    /**
     * Scales the circuit about its centroid so that its half-width becomes {@code hw}.
     *
     * @param hw the target half-width, {@code > 0}
     * @return the scaled circuit, of one constant half-width (the per-point widths dropped)
     * @throws IllegalStateException if the half-width is unknown
     */
    public Circuit scaledToHalfWidth(double hw) {
        if (!(halfWidth > 0)) {
            throw new IllegalStateException(name + ": no half-width to scale from");
        }
        double k = hw / halfWidth;
        double[] c = centroid();
        double[] out = new double[xy.length];
        for (int i = 0; i < size(); i++) {
            out[2 * i] = c[0] + k * (xy[2 * i] - c[0]);
            out[2 * i + 1] = c[1] + k * (xy[2 * i + 1] - c[1]);
        }
        return new Circuit(name, out, lines, hw, halfWidthRule + ", scaled by " + fmt(k));
    }

    /** @return the mean of the points, {@code {x, y}} */
    public double[] centroid() {
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < size(); i++) {
            sx += xy[2 * i];
            sy += xy[2 * i + 1];
        }
        return new double[] {sx / size(), sy / size()};
    }

    /**
     * Checks that the points form a usable closed centerline at a given output spacing:
     * <ol>
     *   <li>no two consecutive points (the last and the first included) closer than
     *       {@value #DUPLICATE_REL} of the mean edge length, and no two other points that close
     *       either (a centerline that touches itself);</li>
     *   <li>closed: the gap from the last point back to the first is at most
     *       {@value #OPEN_GAP_FACTOR} x max(spacing, longest other edge) (the closing edge is an
     *       ordinary edge, as in the TUM files, which close implicitly);</li>
     *   <li>simple: no two non-adjacent edges properly cross. A self-crossing centerline is
     *       refused, never repaired;</li>
     *   <li>long enough: a perimeter of at least {@value CircuitReader#MIN_POINTS} spacings.</li>
     * </ol>
     * Before these: at most {@link LoopGrid#MAX_POINTS} points, and an extent float32 can hold
     * ({@link #checkFloat32Extent}). The crossing test runs on a {@link LoopGrid}, in about
     * {@code O(n log n)}.
     *
     * @param spacing the output spacing the pipeline will use
     * @throws CircuitException naming the lines of the first problem
     */
    public void validate(double spacing) {
        validate(spacing, false);
    }

    /**
     * As {@link #validate(double)}; with {@code crossingsAllowed} (bridges, docs/elevation.md) the
     * simplicity test is skipped: the pipeline's bridge stage lifts one branch over each crossing
     * and its gate decides the track by the vertical clearance there.
     *
     * @param spacing          the output spacing the pipeline will use
     * @param crossingsAllowed whether properly crossing edges are left to the bridge stage
     * @throws CircuitException naming the lines of the first problem
     */
    public void validate(double spacing, boolean crossingsAllowed) {
        int n = size();
        if (n < CircuitReader.MIN_POINTS) {
            throw new CircuitException(name + ": only " + n + " points; a closed centerline needs at least "
                    + CircuitReader.MIN_POINTS);
        }
        if (n > LoopGrid.MAX_POINTS) {
            throw new CircuitException(name + ": " + n + " points, more than the " + LoopGrid.MAX_POINTS
                    + " an import supports; thin the file out");
        }
        checkFloat32Extent(spacing);
        double meanEdge = perimeter() / n;
        double tol = DUPLICATE_REL * meanEdge;
        for (int i = 0; i < n; i++) {
            if (PolylineMetrics.edgeLength(xy, i, n) <= tol) {
                throw new CircuitException(name + ": lines " + lines[i] + " and " + lines[(i + 1) % n]
                        + " repeat the same point (" + fmt(xy[2 * i]) + ", " + fmt(xy[2 * i + 1])
                        + "); remove the duplicate");
            }
        }
        int[] touch = repeatedPoint(tol);
        if (touch != null) {
            throw new CircuitException(name + ": lines " + lines[touch[0]] + " and " + lines[touch[1]]
                    + " are the same point (" + fmt(xy[2 * touch[0]]) + ", " + fmt(xy[2 * touch[0] + 1])
                    + "): the centerline touches itself; a self-touching centerline is invalid and is not repaired");
        }
        if (perimeter() < CircuitReader.MIN_POINTS * spacing) {
            throw new CircuitException(name + ": the centerline is " + fmt(perimeter()) + " long, less than "
                    + CircuitReader.MIN_POINTS + " x the spacing " + fmt(spacing)
                    + "; it would keep fewer than " + CircuitReader.MIN_POINTS
                    + " points (lower the spacing or the half-width)");
        }
        double longest = 0;
        for (int i = 0; i + 1 < n; i++) {
            longest = Math.max(longest, PolylineMetrics.edgeLength(xy, i, n));
        }
        double gap = PolylineMetrics.edgeLength(xy, n - 1, n);
        double limit = OPEN_GAP_FACTOR * Math.max(spacing, longest);
        if (gap > limit) {
            throw new CircuitException(name + ": the centerline is open: its last point (line " + lines[n - 1]
                    + ") is " + fmt(gap) + " from its first (line " + lines[0] + "), more than "
                    + fmt(OPEN_GAP_FACTOR) + " x max(spacing " + fmt(spacing) + ", longest edge " + fmt(longest)
                    + ") = " + fmt(limit) + "; close the loop or look for missing rows");
        }
        int[] x = crossingsAllowed ? null : PolylineMetrics.firstCrossing(xy, n);
        if (x != null) {
            throw new CircuitException(name + ": the centerline crosses itself: the edge from line "
                    + lines[x[0]] + " to line " + lines[(x[0] + 1) % n] + " crosses the edge from line " + lines[x[1]]
                    + " to line " + lines[(x[1] + 1) % n] + "; a self-crossing centerline is invalid and is not repaired"
                    + " (unless it is a bridge: import --bridge, or bridge_clearance > 0)");
        }
    }

    /**
     * The pipeline works in float32 in a local frame centred on {@link #centroid()}: refuses a
     * circuit whose points lie so far from that centre that float32 cannot place them to
     * {@value #FLOAT32_RESOLUTION} of the smaller of the half-width and the spacing (float32 keeps
     * 24 bits, so an extent E resolves to about {@code E / 2^23}), or whose coordinates are not
     * finite. The file's offset itself (UTM eastings of 6e5, a square at 1e12) does not matter:
     * only the extent about the centre does.
     *
     * @param spacing the output spacing
     * @throws CircuitException naming the extent, the resolution it gets and the one it needs
     */
    public void checkFloat32Extent(double spacing) {
        double[] c = centroid();
        double extent = 0;
        for (int i = 0; i < size(); i++) {
            extent = Math.max(extent, Math.max(Math.abs(xy[2 * i] - c[0]), Math.abs(xy[2 * i + 1] - c[1])));
        }
        if (!Double.isFinite(extent) || !Double.isFinite(c[0]) || !Double.isFinite(c[1])) {
            throw new CircuitException(name + ": the coordinates are too large to add up (their centre or extent is "
                    + "not a finite number)");
        }
        double scale = Double.isFinite(halfWidth) && halfWidth > 0 ? Math.min(halfWidth, spacing) : spacing;
        double needed = FLOAT32_RESOLUTION * scale;
        double got = extent > Float.MAX_VALUE ? Double.POSITIVE_INFINITY : Math.ulp((float) extent);
        if (got > needed) {
            throw new CircuitException(name + ": the centerline extends " + fmt(extent)
                    + " from its centre, where float32 resolves only " + fmt(got) + ", coarser than "
                    + FLOAT32_RESOLUTION + " x min(half-width, spacing) = " + fmt(needed)
                    + "; the float32 pipeline cannot hold it (scale the file's units or raise the half-width)");
        }
    }

    /**
     * Finds two non-consecutive points closer than {@code tol}, by sweeping the points in x order.
     *
     * @return their indices in file order, or {@code null}
     */
    private int[] repeatedPoint(double tol) {
        int n = size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingDouble(i -> xy[2 * i]));
        for (int a = 0; a < n; a++) {
            int i = order[a];
            for (int b = a + 1; b < n && xy[2 * order[b]] - xy[2 * i] <= tol; b++) {
                int j = order[b];
                int d = Math.abs(i - j);
                if (Math.min(d, n - d) > 1 && Math.hypot(xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]) <= tol) {
                    return new int[] {Math.min(i, j), Math.max(i, j)};
                }
            }
        }
        return null;
    }

    /** @return {@code v} to 4 significant digits, without trailing zeros (1, 0.5, 10.5, 5508) */
    static String fmt(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(4, RoundingMode.HALF_EVEN)).stripTrailingZeros()
                .toPlainString();
    }
}
