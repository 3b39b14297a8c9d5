package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.internal.Projection;
import dev.trackgen.course.kernel.CourseProgressKernels;

/**
 * Track-frame localization, one thread per query ({@code dim = E * A}).
 *
 * <p>{@code tg_course_localize(center, z, use3d, arclen, length, count, nMax, position, agents, halfWidth,
 * left, right, localWidths, window, s, n, segment, onRoad)}: query {@code t} belongs to env {@code e = t / agents}. It
 * projects {@code position[t]} onto every closed-loop segment {@code i -> i + 1 (mod count[e])}
 * of env {@code e}'s centerline (cold: {@code window < 0}, or a previous {@code segment[t] < 0},
 * or {@code 2 * window + 1 >= count[e]}) or onto the {@code 2 * window + 1} segments centred on
 * the previous {@code segment[t]} (warm; while the nearest so far is the first or the last
 * segment scanned, {@code window} more are scanned past that end, see
 * {@link Projection#followNearest}), keeps the nearest (ties: the lowest segment index) and
 * writes
 * <ul>
 *   <li>{@code s[t] = arclen[i] + u * |segment|}, in {@code [0, length[e])}, with
 *       {@code |segment|} the plan-view chord ({@code use3d == 0}) or, with {@code use3d != 0},
 *       {@code sqrt(|dxy|^2 + dz^2)} from the heights {@code z} of its ends: bound to
 *       {@code Track.arclen3d}, {@code length3d} and {@code centerZ}, {@code s} then runs along
 *       the 3D arc length (on a flat track {@code dz = 0} and every value is the plan-view one,
 *       bit for bit);</li>
 *   <li>{@code n[t]}: the plan-view (horizontal) distance to the centerline, positive on the left
 *       of the direction of travel (the side {@code Track.normal} points to), negative on the
 *       right; on a banked road the distance along the surface is {@code n / cos(bank)};</li>
 *   <li>{@code segment[t] = i}; {@code onRoad[t] = 1} when {@code |n| <= w}, else 0, where
 *       {@code w = halfWidth} when {@code localWidths == 0}, else the half-width of the side the
 *       point is on ({@code left} for {@code n >= 0}, {@code right} below) interpolated along the
 *       segment, {@code w = w_i + u * (w_{i+1} - w_i)} (the per-point widths of
 *       {@code Track.leftHalfWidth()} / {@code rightHalfWidth()}).</li>
 * </ul>
 * A non-finite position, or an env with fewer than 2 points, gives {@code s = n = NaN},
 * {@code segment = -1}, {@code onRoad = 0} (so the next warm query scans cold).
 *
 * <p>Shapes: {@code center: [E*nMax]} pairs, {@code z, arclen, left, right: [E*nMax]}, {@code length, count: [E]},
 * {@code position: [E*agents]} pairs, {@code s, n, segment, onRoad: [E*agents]}.
 */
public final class LocalizeKernel extends LocalizeKernelBase {
    /** The kernel instance. */
    public static final LocalizeKernel INSTANCE = new LocalizeKernel();

    private LocalizeKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX)
    interface Signature {
        void tg_course_localize(@In Vec2Array center, @In F32Array z, int use3d, @In F32Array arclen, @In F32Array length,
                                @In I32Array count, int nMax, @In Vec2Array position, int agents, float halfWidth,
                                @In F32Array left, @In F32Array right, int localWidths, int window, @Out F32Array s,
                                @Out F32Array n, @InOut I32Array segment, @Out I32Array onRoad);
    }

    @Override
    protected void run(int begin, int end, float[] center, float[] z, int use3d, float[] arclen, float[] length,
                       int[] count, int nMax, float[] position, int agents, float halfWidth, float[] left, float[] right,
                       int localWidths, int window, float[] sArg, float[] n, int[] segment, int[] onRoad) {
        localize(center, z, use3d, arclen, length, count, nMax, position, agents, halfWidth, left, right, localWidths,
                window, sArg, n, segment, onRoad, begin, end);
    }

    /**
     * Written only when the touched words hash to one arbitrary value (about once in 2^32 queries,
     * harmless): the condition keeps the touching loads alive for the JIT.
     */
    @SuppressWarnings("unused")
    private static int touchSink;

    /**
     * Loads the cache lines query {@code t}'s warm window will read (its centerline points around
     * its previous segment, from the window's first point to its last, one word per 64-byte line,
     * and its previous segment's arc length), so that while the current query computes, the next
     * one's lines (from L3 or memory at large {@code E}) and page translations are already on
     * their way: the CPU's own prefetchers cannot guess them (one random window per env).
     * Computes nothing; a wrapped window's tail and a cold query are not touched.
     */
    private static void touchWindow(float[] c, float[] arclen, int[] count, int nMax, int window, int[] segOut,
                                    int t, int e) {
        int p = segOut[t];
        int cn = count[e];
        if (p >= 0 && p < cn) {
            int b = e * nMax;
            int lo = b + Math.max(p - window, 0);
            int hi = b + Math.min(p + window + 1, cn - 1);
            int h = Float.floatToRawIntBits(c[2 * lo]) ^ Float.floatToRawIntBits(c[2 * Math.min(lo + 8, hi)])
                    ^ Float.floatToRawIntBits(c[2 * Math.min(lo + 16, hi)]) ^ Float.floatToRawIntBits(c[2 * hi + 1])
                    ^ Float.floatToRawIntBits(arclen[b + p]);
            if (h == 0x2545f491) {
                touchSink = h;
            }
        }
    }

    static void localize(float[] c, float[] z, int use3d, float[] arclen, float[] length, int[] count, int nMax,
                         float[] pos, int agents, float halfWidth, float[] left, float[] right, int localWidths,
                         int window, float[] sOut, float[] nOut, int[] segOut, int[] onRoad, int begin, int end) {
        int e = begin / agents;
        for (int t = begin, a = begin - e * agents; t < end; t++, a++) {
            if (a == agents) { // the next env's first agent (no division per query)
                a = 0;
                e++;
            }
            if (t + 1 < end && window >= 0) { // the next query's window, while this one computes
                touchWindow(c, arclen, count, nMax, window, segOut, t + 1, a + 1 == agents ? e + 1 : e);
            }
            int cn = count[e];
            float px = pos[2 * t];
            float py = pos[2 * t + 1];
            if (cn < 2 || !(px - px == 0.0f) || !(py - py == 0.0f)) {
                sOut[t] = Float.NaN;
                nOut[t] = Float.NaN;
                segOut[t] = -1;
                onRoad[t] = 0;
                continue;
            }
            int b = e * nMax;
            int prev = segOut[t];
            int first;
            int steps;
            if (window < 0 || prev < 0 || prev >= cn || 2 * window + 1 >= cn) {
                first = 0;
                steps = cn;
            } else {
                first = prev - window;
                if (first < 0) {
                    first += cn;
                }
                steps = 2 * window + 1;
            }
            int bi = Projection.nearestSegment(c, b, cn, px, py, first, steps);
            if (steps < cn) { // warm: follow the nearest past the window's ends
                bi = Projection.followNearest(c, b, cn, px, py, first, steps, bi, window);
            }
            if (bi < 0) { // every distance NaN (a NaN centerline point)
                sOut[t] = Float.NaN;
                nOut[t] = Float.NaN;
                segOut[t] = -1;
                onRoad[t] = 0;
                continue;
            }
            int j = bi + 1 == cn ? 0 : bi + 1;
            float ax = c[2 * (b + bi)];
            float ay = c[2 * (b + bi) + 1];
            float dx = c[2 * (b + j)] - ax;
            float dy = c[2 * (b + j) + 1] - ay;
            float wx = px - ax;
            float wy = py - ay;
            float len2 = dx * dx + dy * dy;
            float dot = wx * dx + wy * dy;
            float u = len2 > 0.0f ? Math.min(Math.max(dot / len2, 0.0f), 1.0f) : 0.0f;
            float dz = use3d != 0 ? z[b + j] - z[b + bi] : 0.0f;
            float s = arclen[b + bi] + u * (float) Math.sqrt(len2 + dz * dz);
            float lap = length[e];
            if (s >= lap) {
                s -= lap;
            }
            float qx = wx - u * dx;
            float qy = wy - u * dy;
            float dist = (float) Math.sqrt(qx * qx + qy * qy);
            float side = dx * wy - dy * wx;
            sOut[t] = s;
            nOut[t] = side < 0.0f ? -dist : dist;
            segOut[t] = bi;
            float w = halfWidth;
            if (localWidths != 0) {
                float[] wa = side < 0.0f ? right : left;
                float w0 = wa[b + bi];
                w = w0 + u * (wa[b + j] - w0);
            }
            onRoad[t] = dist <= w ? 1 : 0;
        }
    }
}
