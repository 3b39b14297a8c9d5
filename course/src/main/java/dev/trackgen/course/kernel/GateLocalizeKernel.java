package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * Course-line localization in 3D, one thread per query ({@code dim = E * A}).
 *
 * <p>{@code tg_gate_localize(line, arclen, length, count, lMax, position, agents, window, s, n,
 * nUp, segment)}: query {@code t} belongs to env {@code e = t / agents}. It finds the nearest
 * segment {@code i -> i + 1 (mod count[e])} of env {@code e}'s closed course line (squared 3D
 * distance to the clamped foot point; ties to the lowest segment index, so warm and cold agree): cold (every
 * segment from 0 up, when {@code window < 0}, the previous {@code segment[t] < 0} or
 * {@code 2 * window + 1 >= count[e]}) or warm (the {@code 2 * window + 1} segments centred on the
 * previous answer, then, while the nearest is the first or the last segment scanned,
 * {@code window} more past that end until the whole loop is scanned: the track localizer's rule).
 * At the foot point {@code f = a + u (b - a)}, with the unit tangent {@code T} of the segment, the
 * roll-free frame is {@code L = normalize(-T_y, T_x, 0)} (left; {@code (0, 1, 0)} on a vertical
 * segment) and {@code U = T x L} (up). It writes
 * {@code s[t] = arclen[i] + u |b - a|} in {@code [0, length[e])}, {@code n[t] = (p - f) . L}
 * (positive on the left), {@code nUp[t] = (p - f) . U} (positive above) and {@code segment[t] = i}.
 * A non-finite position or an env with fewer than 2 line samples gives {@code s = n = nUp = NaN},
 * {@code segment = -1} (the next query scans cold).
 *
 * <p>Shapes: {@code line: [E*lMax*3]}, {@code arclen: [E*lMax]}, {@code length, count: [E]},
 * {@code position: [E*agents*3]}, {@code s, n, nUp, segment: [E*agents]}.
 */
public final class GateLocalizeKernel extends GateLocalizeKernelBase {
    /** The kernel instance. */
    public static final GateLocalizeKernel INSTANCE = new GateLocalizeKernel();

    private GateLocalizeKernel() {
    }

    @KernelSignature(ptx = CourseGateKernels.PTX)
    interface Signature {
        void tg_gate_localize(@In F32Array line, @In F32Array arclen, @In F32Array length, @In I32Array count,
                              int lMax, @In F32Array position, int agents, int window, @Out F32Array s,
                              @Out F32Array n, @Out F32Array nUp, @InOut I32Array segment);
    }

    @Override
    protected void run(int begin, int end, float[] line, float[] arclen, float[] length, int[] count, int lMax,
                       float[] position, int agents, int window, float[] s, float[] n, float[] nUp, int[] segment) {
        for (int t = begin; t < end; t++) {
            localizeOne(line, arclen, length, count, lMax, position, agents, window, s, n, nUp, segment, t);
        }
    }

    /** Squared distance from p to segment {@code i -> i + 1 (mod cn)} of the row at sample {@code b}. */
    private static float segmentDistance2(float[] line, int b, int cn, int i, float px, float py, float pz) {
        int j = i + 1 == cn ? 0 : i + 1;
        int ia = 3 * (b + i);
        int ib = 3 * (b + j);
        float ax = line[ia];
        float ay = line[ia + 1];
        float az = line[ia + 2];
        float dx = line[ib] - ax;
        float dy = line[ib + 1] - ay;
        float dz = line[ib + 2] - az;
        float wx = px - ax;
        float wy = py - ay;
        float wz = pz - az;
        float len2 = dx * dx + dy * dy + dz * dz;
        float dot = wx * dx + wy * dy + wz * dz;
        float u = len2 > 0.0f ? Math.min(Math.max(dot / len2, 0.0f), 1.0f) : 0.0f;
        float qx = wx - u * dx;
        float qy = wy - u * dy;
        float qz = wz - u * dz;
        return qx * qx + qy * qy + qz * qz;
    }

    private static int wrap(int k, int cn) {
        int r = k % cn;
        return r < 0 ? r + cn : r;
    }

    static void localizeOne(float[] line, float[] arclen, float[] length, int[] count, int lMax, float[] pos,
                            int agents, int window, float[] sOut, float[] nOut, float[] upOut, int[] segOut, int t) {
        int e = t / agents;
        int cn = count[e];
        float px = pos[3 * t];
        float py = pos[3 * t + 1];
        float pz = pos[3 * t + 2];
        if (cn < 2 || !(px - px == 0.0f) || !(py - py == 0.0f) || !(pz - pz == 0.0f)) {
            sOut[t] = Float.NaN;
            nOut[t] = Float.NaN;
            upOut[t] = Float.NaN;
            segOut[t] = -1;
            return;
        }
        int b = e * lMax;
        int prev = segOut[t];
        int lo;
        int hi;
        if (window < 0 || prev < 0 || prev >= cn || 2 * window + 1 >= cn) {
            lo = 0;
            hi = cn - 1;
        } else {
            lo = prev - window;
            hi = prev + window;
        }
        int best = -1;
        int bestK = 0;
        float bestD = Float.POSITIVE_INFINITY;
        for (int k = lo; k <= hi; k++) {
            int i = wrap(k, cn);
            float d = segmentDistance2(line, b, cn, i, px, py, pz);
            if (d < bestD || (d == bestD && i < best)) {
                bestD = d;
                best = i;
                bestK = k;
            }
        }
        while (best >= 0 && hi - lo + 1 < cn && (bestK == lo || bestK == hi)) {
            int more = Math.min(Math.max(window, 1), cn - (hi - lo + 1));
            if (bestK == lo) {
                int from = lo - more;
                for (int k = lo - 1; k >= from; k--) {
                    int i = wrap(k, cn);
                    float d = segmentDistance2(line, b, cn, i, px, py, pz);
                    if (d < bestD || (d == bestD && i < best)) {
                        bestD = d;
                        best = i;
                        bestK = k;
                    }
                }
                lo = from;
            } else {
                int to = hi + more;
                for (int k = hi + 1; k <= to; k++) {
                    int i = wrap(k, cn);
                    float d = segmentDistance2(line, b, cn, i, px, py, pz);
                    if (d < bestD || (d == bestD && i < best)) {
                        bestD = d;
                        best = i;
                        bestK = k;
                    }
                }
                hi = to;
            }
        }
        if (best < 0) { // every distance NaN (a NaN line sample)
            sOut[t] = Float.NaN;
            nOut[t] = Float.NaN;
            upOut[t] = Float.NaN;
            segOut[t] = -1;
            return;
        }
        int j = best + 1 == cn ? 0 : best + 1;
        int ia = 3 * (b + best);
        int ib = 3 * (b + j);
        float ax = line[ia];
        float ay = line[ia + 1];
        float az = line[ia + 2];
        float dx = line[ib] - ax;
        float dy = line[ib + 1] - ay;
        float dz = line[ib + 2] - az;
        float wx = px - ax;
        float wy = py - ay;
        float wz = pz - az;
        float len2 = dx * dx + dy * dy + dz * dz;
        float dot = wx * dx + wy * dy + wz * dz;
        float u = len2 > 0.0f ? Math.min(Math.max(dot / len2, 0.0f), 1.0f) : 0.0f;
        float len = (float) Math.sqrt(len2);
        float s = arclen[b + best] + u * len;
        float lap = length[e];
        if (s >= lap) {
            s -= lap;
        }
        float rx = wx - u * dx;
        float ry = wy - u * dy;
        float rz = wz - u * dz;
        float tx = len > 0.0f ? dx / len : 1.0f;
        float ty = len > 0.0f ? dy / len : 0.0f;
        float tz = len > 0.0f ? dz / len : 0.0f;
        float h = (float) Math.sqrt(tx * tx + ty * ty);
        float lx = h > 1.0e-6f ? -ty / h : 0.0f;
        float ly = h > 1.0e-6f ? tx / h : 1.0f;
        float ux = -tz * ly;
        float uy = tz * lx;
        float uz = tx * ly - ty * lx;
        sOut[t] = s;
        nOut[t] = rx * lx + ry * ly;
        upOut[t] = rx * ux + ry * uy + rz * uz;
        segOut[t] = best;
    }
}
