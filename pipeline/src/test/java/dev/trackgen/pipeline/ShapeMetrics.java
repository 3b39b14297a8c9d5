package dev.trackgen.pipeline;

import dev.trackgen.api.TrackSnapshot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shape metrics of a batch's valid tracks, in double precision, after the original
 * implementation's benchmarks/track_metrics.py and tests/test_shape_variety.py: perimeter,
 * isoperimetric compactness {@code 4 pi area / perimeter^2}, and a normalized shape descriptor for
 * variety checks.
 */
final class ShapeMetrics {
    /** Harmonics of the centroid-distance signature kept in a descriptor. */
    static final int HARMONICS = 8;
    /** Arc-uniform samples the descriptor is computed from. */
    static final int SAMPLES = 128;
    /** Compactness above which the original calls a track degenerate (near circular). */
    static final double DEGENERATE_COMPACTNESS = 0.90;

    private ShapeMetrics() {
    }

    /** Per-batch summary over the valid tracks. */
    record Summary(int envs, int valid, double yield, double meanLength, double meanCompactness,
                   double medianCompactness, double degenerateRate, double[] compactness, double[][] descriptors) {
        @Override
        public String toString() {
            return String.format("yield %.4f (%d/%d), mean compactness %.4f (median %.4f, degenerate %.4f), mean length %.3f",
                    yield, valid, envs, meanCompactness, medianCompactness, degenerateRate, meanLength);
        }
    }

    static Summary summarize(TrackSnapshot s) {
        List<double[]> desc = new ArrayList<>();
        double[] comp = new double[s.numEnvs()];
        int valid = 0;
        double lengthSum = 0;
        int degenerate = 0;
        for (int e = 0; e < s.numEnvs(); e++) {
            if (!s.isValid(e) || s.count(e) < 4) {
                continue;
            }
            float[] c = s.centerline(e);
            int n = s.count(e);
            double per = perimeter(c, n);
            double cp = compactness(c, n);
            comp[valid++] = cp;
            lengthSum += per;
            degenerate += cp > DEGENERATE_COMPACTNESS ? 1 : 0;
            desc.add(descriptor(c, n));
        }
        double[] cv = Arrays.copyOf(comp, valid);
        double[] sorted = cv.clone();
        Arrays.sort(sorted);
        double median = valid == 0 ? Double.NaN
                : valid % 2 == 1 ? sorted[valid / 2] : 0.5 * (sorted[valid / 2 - 1] + sorted[valid / 2]);
        return new Summary(s.numEnvs(), valid, s.yield(), lengthSum / valid, Arrays.stream(cv).average().orElse(Double.NaN),
                median, valid == 0 ? Double.NaN : degenerate / (double) valid, cv, desc.toArray(new double[0][]));
    }

    static double perimeter(float[] c, int n) {
        double p = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            p += Math.hypot(c[2 * j] - c[2 * i], c[2 * j + 1] - c[2 * i + 1]);
        }
        return p;
    }

    static double area(float[] c, int n) {
        double a = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            a += c[2 * i] * (double) c[2 * j + 1] - c[2 * j] * (double) c[2 * i + 1];
        }
        return Math.abs(a) / 2;
    }

    static double compactness(float[] c, int n) {
        double p = perimeter(c, n);
        return p <= 0 ? 0 : 4 * Math.PI * area(c, n) / (p * p);
    }

    /**
     * A descriptor invariant to translation, rotation, scale, start point and direction: the
     * magnitudes of harmonics 1..{@value #HARMONICS} of the centroid-distance signature of
     * {@value #SAMPLES} arc-uniform samples, divided by the mean distance.
     */
    static double[] descriptor(float[] c, int n) {
        double per = perimeter(c, n);
        double[] xs = new double[SAMPLES];
        double[] ys = new double[SAMPLES];
        int seg = 0;
        double segStart = 0;
        double segLen = Math.hypot(c[2] - c[0], c[3] - c[1]);
        for (int k = 0; k < SAMPLES; k++) {
            double target = per * k / SAMPLES;
            while (segStart + segLen < target && seg < n - 1) {
                segStart += segLen;
                seg++;
                int j = (seg + 1) % n;
                segLen = Math.hypot(c[2 * j] - c[2 * seg], c[2 * j + 1] - c[2 * seg + 1]);
            }
            int j = (seg + 1) % n;
            double f = segLen > 0 ? Math.min(1, Math.max(0, (target - segStart) / segLen)) : 0;
            xs[k] = c[2 * seg] + f * (c[2 * j] - c[2 * seg]);
            ys[k] = c[2 * seg + 1] + f * (c[2 * j + 1] - c[2 * seg + 1]);
        }
        double cx = Arrays.stream(xs).average().orElse(0);
        double cy = Arrays.stream(ys).average().orElse(0);
        double[] r = new double[SAMPLES];
        double mean = 0;
        for (int k = 0; k < SAMPLES; k++) {
            r[k] = Math.hypot(xs[k] - cx, ys[k] - cy);
            mean += r[k] / SAMPLES;
        }
        double[] d = new double[HARMONICS];
        for (int h = 1; h <= HARMONICS; h++) {
            double re = 0;
            double im = 0;
            for (int k = 0; k < SAMPLES; k++) {
                double a = 2 * Math.PI * h * k / SAMPLES;
                re += r[k] * Math.cos(a);
                im += r[k] * Math.sin(a);
            }
            d[h - 1] = Math.hypot(re, im) / (SAMPLES * mean);
        }
        return d;
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    /** @return how many descriptors differ by more than {@code tol} from every earlier one */
    static int distinctShapes(double[][] d, double tol) {
        int distinct = 0;
        for (int i = 0; i < d.length; i++) {
            boolean repeat = false;
            for (int j = 0; j < i && !repeat; j++) {
                repeat = distance(d[i], d[j]) <= tol;
            }
            distinct += repeat ? 0 : 1;
        }
        return distinct;
    }

    /** @return the median of all pairwise descriptor distances */
    static double medianPairwiseDistance(double[][] d) {
        int m = d.length;
        double[] all = new double[m * (m - 1) / 2];
        int k = 0;
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                all[k++] = distance(d[i], d[j]);
            }
        }
        Arrays.sort(all);
        return all.length == 0 ? 0 : all[all.length / 2];
    }
}
