package dev.trackgen.course.collision;

/**
 * An independent double-precision off-road reference: brute force over the four box edges and
 * both border polylines (segment-segment intersection and distance, ray parity for the corners).
 * It shares no code with the kernels.
 */
final class ReferenceOffRoad {
    /** One box's expected answer. */
    record Answer(boolean offRoad, double clearance, int border) {
    }

    private ReferenceOffRoad() {
    }

    /**
     * @param inner  env's inner border, interleaved, {@code m} points from {@code base}
     * @param outer  env's outer border
     */
    static Answer check(float[] inner, float[] outer, int base, int m, double px, double py, double h,
                        double hx, double hy) {
        double c = Math.cos((float) h);
        double s = Math.sin((float) h);
        double[] cx = new double[4];
        double[] cy = new double[4];
        double[] sx = {1, -1, -1, 1};
        double[] sy = {1, 1, -1, -1};
        for (int k = 0; k < 4; k++) {
            cx[k] = px + sx[k] * hx * c - sy[k] * hy * s;
            cy[k] = py + sx[k] * hx * s + sy[k] * hy * c;
        }
        boolean intersects = false;
        double bestIn = Double.MAX_VALUE;
        double bestOut = Double.MAX_VALUE;
        for (int bd = 0; bd < 2; bd++) {
            float[] p = bd == 0 ? inner : outer;
            for (int i = 0; i < m; i++) {
                int j = (i + 1) % m;
                double ax = p[2 * (base + i)];
                double ay = p[2 * (base + i) + 1];
                double bx = p[2 * (base + j)];
                double by = p[2 * (base + j) + 1];
                for (int k = 0; k < 4; k++) {
                    int k2 = (k + 1) % 4;
                    double d = segSegDistance(cx[k], cy[k], cx[k2], cy[k2], ax, ay, bx, by);
                    if (d == 0) {
                        intersects = true;
                    }
                    if (bd == 0) {
                        bestIn = Math.min(bestIn, d);
                    } else {
                        bestOut = Math.min(bestOut, d);
                    }
                }
                if (insideBox(ax, ay, px, py, c, s, hx, hy)) {
                    intersects = true;
                }
            }
        }
        double pen = 0;
        boolean cornerOut = false;
        for (int k = 0; k < 4; k++) {
            boolean inOuter = insidePolygon(outer, base, m, cx[k], cy[k]);
            boolean inInner = insidePolygon(inner, base, m, cx[k], cy[k]);
            if (!inOuter) {
                cornerOut = true;
                pen = Math.max(pen, polylineDistance(outer, base, m, cx[k], cy[k]));
            } else if (inInner) {
                cornerOut = true;
                pen = Math.max(pen, polylineDistance(inner, base, m, cx[k], cy[k]));
            }
        }
        boolean off = cornerOut || intersects;
        double clearance = off ? -pen : Math.min(bestIn, bestOut);
        return new Answer(off, clearance, bestIn <= bestOut ? 0 : 1);
    }

    static boolean insidePolygon(float[] p, int base, int m, double x, double y) {
        boolean in = false;
        for (int i = 0, j = m - 1; i < m; j = i++) {
            double xi = p[2 * (base + i)];
            double yi = p[2 * (base + i) + 1];
            double xj = p[2 * (base + j)];
            double yj = p[2 * (base + j) + 1];
            if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) {
                in = !in;
            }
        }
        return in;
    }

    static double polylineDistance(float[] p, int base, int m, double x, double y) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            best = Math.min(best, pointSegment(x, y, p[2 * (base + i)], p[2 * (base + i) + 1], p[2 * (base + j)],
                    p[2 * (base + j) + 1]));
        }
        return best;
    }

    private static boolean insideBox(double x, double y, double px, double py, double c, double s, double hx,
                                     double hy) {
        double dx = x - px;
        double dy = y - py;
        return Math.abs(c * dx + s * dy) <= hx && Math.abs(-s * dx + c * dy) <= hy;
    }

    static double pointSegment(double x, double y, double ax, double ay, double bx, double by) {
        double dx = bx - ax;
        double dy = by - ay;
        double l2 = dx * dx + dy * dy;
        double t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
        t = Math.max(0, Math.min(1, t));
        return Math.hypot(ax + t * dx - x, ay + t * dy - y);
    }

    private static double orient(double ax, double ay, double bx, double by, double cx, double cy) {
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    }

    /** 0 when the segments meet (touching included), else the smallest endpoint-to-segment distance. */
    static double segSegDistance(double ax, double ay, double bx, double by, double cx, double cy, double dx,
                                 double dy) {
        double o1 = orient(ax, ay, bx, by, cx, cy);
        double o2 = orient(ax, ay, bx, by, dx, dy);
        double o3 = orient(cx, cy, dx, dy, ax, ay);
        double o4 = orient(cx, cy, dx, dy, bx, by);
        if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) {
            return 0;
        }
        return Math.min(Math.min(pointSegment(ax, ay, cx, cy, dx, dy), pointSegment(bx, by, cx, cy, dx, dy)),
                Math.min(pointSegment(cx, cy, ax, ay, bx, by), pointSegment(dx, dy, ax, ay, bx, by)));
    }
}
