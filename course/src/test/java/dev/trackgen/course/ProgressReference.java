package dev.trackgen.course;

/**
 * The progress rules of {@code ProgressUpdateKernel} written again in double, with exact
 * crossing tests, for one agent; {@link #margin} says how close the last step came to a
 * decision boundary (a line or a cross-section's end), where float and double may disagree.
 */
final class ProgressReference {
    final double[] cx;
    final double[] cy;
    final double[] tx;
    final double[] ty;
    final double[] ax;
    final double[] ay;
    final double[] bx;
    final double[] by;
    final int m;
    final double[] cs;
    final dev.trackgen.api.TrackSnapshot h;
    final int env;
    double qx = Double.NaN;
    double qy = Double.NaN;
    int next;
    int progress;
    int starts;
    int passed;
    int lap;
    int wrongWay;
    int wrongCp;
    double margin;

    ProgressReference(dev.trackgen.api.TrackSnapshot h, int env, float[] pos, float[] tan, float[] in, float[] out,
                      float[] cpS, int base, int m) {
        this.m = m;
        this.h = h;
        this.env = env;
        cs = new double[m];
        cx = new double[m];
        cy = new double[m];
        tx = new double[m];
        ty = new double[m];
        ax = new double[m];
        ay = new double[m];
        bx = new double[m];
        by = new double[m];
        for (int k = 0; k < m; k++) {
            int o = base + k;
            cx[k] = pos[2 * o];
            cy[k] = pos[2 * o + 1];
            tx[k] = tan[2 * o];
            ty[k] = tan[2 * o + 1];
            ax[k] = in[2 * o];
            ay[k] = in[2 * o + 1];
            cs[k] = cpS[o];
            bx[k] = out[2 * o];
            by[k] = out[2 * o + 1];
        }
    }

    int laps() {
        return Math.max(0, starts - 1);
    }

    void reset() {
        qx = Double.NaN;
        qy = Double.NaN;
        next = 0;
        progress = 0;
        starts = 0;
    }

    /** +1 forward, -1 backward, 0 none; updates {@link #margin}. */
    int crossing(int k, double px, double py) {
        double sq = (qx - cx[k]) * tx[k] + (qy - cy[k]) * ty[k];
        double sp = (px - cx[k]) * tx[k] + (py - cy[k]) * ty[k];
        double gx = bx[k] - ax[k];
        double gy = by[k] - ay[k];
        double gl = Math.hypot(gx, gy);
        int dir = sq <= 0 && sp > 0 ? 1 : sp <= 0 && sq > 0 ? -1 : 0;
        double sideMargin = Math.min(Math.abs(sq), Math.abs(sp));
        if (dir == 0) {
            margin = Math.min(margin, sideMargin);
            return 0;
        }
        double f = sq / (sq - sp);
        double xx = qx + f * (px - qx);
        double xy = qy + f * (py - qy);
        double u = ((xx - ax[k]) * gx + (xy - ay[k]) * gy) / gl;
        margin = Math.min(margin, Math.min(sideMargin, Math.min(Math.abs(u), Math.abs(gl - u))));
        return u >= 0 && u <= gl ? dir : 0;
    }

    void step(double px, double py) {
        passed = 0;
        lap = 0;
        wrongWay = 0;
        wrongCp = -1;
        margin = Double.POSITIVE_INFINITY;
        if (!Double.isFinite(px) || !Double.isFinite(py)) {
            qx = Double.NaN;
            qy = Double.NaN;
            return;
        }
        if (!Double.isFinite(qx)) {
            if (progress == 0 && starts == 0) {
                double lap = h.length()[env];
                Fixtures.Projection pr = Fixtures.project(h, env, px, py);
                double a = ((pr.s() - cs[0]) % lap + lap) % lap;
                next = 0;
                margin = Math.min(Math.min(a, lap - a), Fixtures.ambiguity(h, env, px, py, 0.2));
                for (int k = 1; k < m; k++) {
                    double ahead = ((cs[k] - cs[0]) % lap + lap) % lap;
                    margin = Math.min(margin, Math.abs(ahead - a));
                    if (ahead >= a && next == 0 && a > 0) {
                        next = k;
                    }
                }
            }
        } else {
            int g0 = next;
            if (crossing(g0, px, py) > 0) {
                passed = 1;
                progress++;
                if (g0 == 0) {
                    starts++;
                    lap = starts >= 2 ? 1 : 0;
                }
                next = (g0 + 1) % m;
            } else if (progress > 0) {
                int last = (g0 + m - 1) % m;
                if (crossing(last, px, py) < 0) {
                    progress--;
                    if (last == 0) {
                        starts--;
                    }
                    next = last;
                }
            }
            for (int k = 0; k < m; k++) {
                int c = crossing(k, px, py);
                if (c < 0) {
                    wrongWay = 1;
                } else if (c > 0 && k != g0 && wrongCp < 0) {
                    wrongCp = k;
                }
            }
        }
        qx = px;
        qy = py;
    }

    double dist(double px, double py) {
        return Math.hypot(px - cx[next], py - cy[next]);
    }
}
