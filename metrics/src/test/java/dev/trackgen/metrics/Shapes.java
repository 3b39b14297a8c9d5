package dev.trackgen.metrics;

/** Hand-made closed loops whose metrics are known in closed form. */
final class Shapes {
    private Shapes() {
    }

    /** A regular n-gon of circumradius r, counter-clockwise, vertex 0 at (r, 0). */
    static double[] circle(int n, double r) {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            p[2 * i] = r * Math.cos(t);
            p[2 * i + 1] = r * Math.sin(t);
        }
        return p;
    }

    /**
     * The square [0, s]^2, counter-clockwise from (0, 0), each side cut into m equal edges
     * (4 m points: the corners and m - 1 points inside each side).
     */
    static double[] square(double s, int m) {
        double[] p = new double[8 * m];
        int k = 0;
        double h = s / m;
        for (int i = 0; i < m; i++) {
            p[k++] = i * h;
            p[k++] = 0;
        }
        for (int i = 0; i < m; i++) {
            p[k++] = s;
            p[k++] = i * h;
        }
        for (int i = 0; i < m; i++) {
            p[k++] = s - i * h;
            p[k++] = s;
        }
        for (int i = 0; i < m; i++) {
            p[k++] = 0;
            p[k++] = s - i * h;
        }
        return p;
    }

    /**
     * A stadium, counter-clockwise: straights of length a (each cut into ms edges) at y = -r and
     * y = r, joined by half circles of radius r centred at (+-a/2, 0), each approximated by k
     * equal chords. 2 (ms + k) points; vertex 0 is (-a/2, -r), where the left arc meets the
     * bottom straight.
     */
    static double[] stadium(double a, double r, int ms, int k) {
        double[] p = new double[4 * (ms + k)];
        int q = 0;
        for (int i = 0; i < ms; i++) {
            p[q++] = -a / 2 + a * i / ms;
            p[q++] = -r;
        }
        for (int j = 0; j < k; j++) {
            double t = -Math.PI / 2 + Math.PI * j / k;
            p[q++] = a / 2 + r * Math.cos(t);
            p[q++] = r * Math.sin(t);
        }
        for (int i = 0; i < ms; i++) {
            p[q++] = a / 2 - a * i / ms;
            p[q++] = r;
        }
        for (int j = 0; j < k; j++) {
            double t = Math.PI / 2 + Math.PI * j / k;
            p[q++] = -a / 2 + r * Math.cos(t);
            p[q++] = r * Math.sin(t);
        }
        return p;
    }

    /**
     * A 4 x 5 box whose top side holds one chicane (a right-then-left jog), counter-clockwise:
     * A(0,0) B(4,0) C(4,4) D(3,4) E(2,5) F(0,5). Turns: +90, +90, +90, -45 (D), +45 (E), +90 degrees.
     */
    static double[] chicane() {
        return new double[] {0, 0, 4, 0, 4, 4, 3, 4, 2, 5, 0, 5};
    }

    /** A lemniscate-like figure eight (crosses itself at the origin). */
    static double[] figureEight(int n) {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            p[2 * i] = Math.sin(t);
            p[2 * i + 1] = Math.sin(t) * Math.cos(t);
        }
        return p;
    }

    /** Rotates the start of a loop by {@code k} points. */
    static double[] startAt(double[] p, int k) {
        int n = p.length / 2;
        double[] out = new double[p.length];
        for (int i = 0; i < n; i++) {
            int j = (i + k) % n;
            out[2 * i] = p[2 * j];
            out[2 * i + 1] = p[2 * j + 1];
        }
        return out;
    }

    static float[] toFloat(double[] p) {
        float[] f = new float[p.length];
        for (int i = 0; i < p.length; i++) {
            f[i] = (float) p[i];
        }
        return f;
    }
}
