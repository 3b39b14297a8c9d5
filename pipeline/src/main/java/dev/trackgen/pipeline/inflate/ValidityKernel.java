package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Fdlibm;
import dev.trackgen.api.kernel.ChunkBounds;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;
import dev.trackgen.pipeline.relax.SeparationBand;

/**
 * The validity gate, one thread per environment ({@code dim = E}); the criterion it decides is
 * written out in docs/pipeline.md ("What valid means").
 *
 * <p>{@code tg_validity(center, count, genValid, normal, outer, inner, left, right, nMax,
 * turningTol, wFloor, relaxTol, boxes, valid)} sets {@code valid[e] = 1} only when all hold for
 * env {@code e}'s {@code n = count[e]} real points, with per-point half-widths {@code left}
 * ({@code +normal} side) and {@code right}, {@code w_i = max(left_i, right_i)},
 * {@code r_i = (1 - relaxTol) * w_i} and {@code w_max} the largest {@code w_i} (at one constant
 * half-width all of them are that half-width and the tests are those of a constant road):
 * <ol>
 *   <li>the generation flag {@code genValid[e]} is set (cleared for truncated tracks),
 *       {@code n >= 3}, every half-width exceeds {@code wFloor} (so none is NaN), and every point of the centerline
 *       and both borders is finite;</li>
 *   <li>net turning {@code |sum wrap(theta_i - theta_{i-1})|} is within {@code turningTol} of
 *       {@code 2 pi};</li>
 *   <li>turning radius: at every vertex of the centerline the polygon turns by less than 90
 *       degrees (consecutive edges have a positive dot product) and the circle through the vertex
 *       and its two neighbours (Menger curvature) has radius {@code >= r_i}; every border point lies
 *       at its side's half-width along the point's normal to {@link #HALF_WIDTH_TOL} of it; at every vertex of both
 *       borders the border turns by less than 90 degrees (a border that doubles back on a corner
 *       tighter than the half-width fails here);</li>
 *   <li>winding: the signed areas of the centerline, the outer and the inner border are nonzero
 *       and of one sign;</li>
 *   <li>size: the perimeter is at least {@code 2 pi (1 - relaxTol) w_max} and
 *       {@code n >= 2 * band + 3}, where {@code band = SeparationBand.of(perimeter / n, 2 * w_max)}, so that every point has
 *       points beyond its band to keep clear of;</li>
 *   <li>clearance: points {@code i, j} farther apart along the chain than the band are at least
 *       {@code r_i + r_j} apart;</li>
 *   <li>simplicity: no two edges of the centerline, of the outer border, or of the inner border
 *       meet, and no outer edge meets an inner edge ({@link EdgeContacts}: conservative, so
 *       float32 rounding can only reject);</li>
 *   <li>nesting: the inner border's first point lies inside the outer border (crossing number).</li>
 * </ol>
 * The tests run in this order and stop at the first that fails.
 *
 * <p>Shapes: {@code center, normal, outer, inner: [E*nMax]} pairs; {@code left, right: [E*nMax]}
 * floats; {@code count, genValid, valid: [E]};
 * {@code boxes: [E * 2 * Crossings.boxFloats(nMax)]} floats of scratch.
 */
public final class ValidityKernel extends ValidityKernelBase {
    /** The kernel instance. */
    public static final ValidityKernel INSTANCE = new ValidityKernel();

    private ValidityKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_validity(@In Vec2Array center, @In I32Array count, @In I32Array genValid, @In Vec2Array normal,
                @In Vec2Array outer, @In Vec2Array inner, @In F32Array left, @In F32Array right, int nMax,
                float turningTol, float wFloor,
                float relaxTol, @Out F32Array boxes, @Out I32Array valid);
    }

    /** Relative tolerance of the half-width at each border point, along and across the normal. */
    @CudaConstant("TG_HALF_WIDTH_TOL")
    public static final float HALF_WIDTH_TOL = 1.0e-3f;

    /** Threads per block of the CUDA body. */
    public static final int CUDA_THREADS = 128;

    /**
     * @param nMax the output stride
     * @return floats of {@code boxes} scratch one env needs
     */
    public static int boxFloatsPerEnv(int nMax) {
        return 2 * Crossings.boxFloats(nMax);
    }

    /**
     * One block of {@value #CUDA_THREADS} threads per env, sharing the per-point terms, the pair
     * scan of the clearance check and the edge-contact scans; {@code 2 * nMax} floats of dynamic
     * shared memory for the turning sum's terms, or, where the device cannot give them (N_max past
     * about 29,000 on an H200), none: thread 0 then computes the same terms in the same order
     * without scratch.
     */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndexWithFallback(dim, CUDA_THREADS, 8 * ((Args) args).nMax());
    }

    @Override
    protected void run(int begin, int end, float[] c, int[] count, int[] genValid, float[] normal, float[] outer,
                       float[] inner, float[] left, float[] right, int nMax, float turningTol, float wFloor,
                       float relaxTol, float[] boxes, int[] valid) {
        validate(begin, end, c, count, genValid, normal, outer, inner, left, right, nMax, turningTol, wFloor, relaxTol,
                boxes, boxFloatsPerEnv(nMax), null, valid);
    }

    /**
     * The body for envs {@code [begin, end)}; env {@code e}'s box scratch starts at
     * {@code boxes[e * boxStride]}: {@link #boxFloatsPerEnv} for this kernel's {@code [E]} rows, 0
     * for the CPU runtime's fused inflation (one worker's row, reused for every env). With
     * {@code groups} (at least {@link EdgeContacts#groupFloats}{@code (nMax)} floats, shared by
     * every env) the edge-contact scans of long tracks use a second broadphase level, with the
     * same verdicts; {@code null} scans every chunk pair.
     */
    static void validate(int begin, int end, float[] c, int[] count, int[] genValid, float[] normal, float[] outer,
                         float[] inner, float[] left, float[] right, int nMax, float turningTol, float wFloor,
                         float relaxTol, float[] boxes, int boxStride, float[] groups, int[] valid) {
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            int bb = e * boxStride;
            // the narrowest and widest half-width of the track (NaN when any is NaN)
            float wMin = Float.POSITIVE_INFINITY;
            float wMax = 0f;
            for (int i = 0; i < cn; i++) {
                wMin = Math.min(wMin, Math.min(left[b + i], right[b + i]));
                wMax = Math.max(wMax, Math.max(left[b + i], right[b + i]));
            }
            float maxThickness = (1f - relaxTol) * wMax;
            boolean ok = cn >= 3 && genValid[e] != 0 && wMin > wFloor
                    && allFinite(c, b, cn) && allFinite(outer, b, cn) && allFinite(inner, b, cn)
                    && turningHolds(c, b, cn, turningTol);
            if (ok) {
                float peri = localShape(c, normal, outer, inner, left, right, b, cn, relaxTol);
                int band = SeparationBand.of(peri / (float) cn, 2f * wMax);
                ok = peri >= 2f * (float) Geometry.PI * maxThickness && cn >= 2 * band + 3
                        && (wMin == wMax ? clearance(c, b, cn, band, maxThickness, boxes, bb)
                                : clearance(c, left, right, b, cn, band, relaxTol, boxes, bb));
            }
            ok = ok && !EdgeContacts.anyMeet(c, c, true, b, cn, boxes, bb, groups, 0)
                    && !EdgeContacts.anyMeet(outer, outer, true, b, cn, boxes, bb, groups, 0)
                    && !EdgeContacts.anyMeet(inner, inner, true, b, cn, boxes, bb, groups, 0)
                    && !EdgeContacts.anyMeet(outer, inner, false, b, cn, boxes, bb, groups, 0)
                    && inside(inner[2 * b], inner[2 * b + 1], outer, b, cn);
            valid[e] = ok ? 1 : 0;
        }
    }

    /**
     * The per-vertex tests (turn under 90 degrees on all three polygons, Menger radius at least
     * {@code (1 - relaxTol) * max(left, right)} of the vertex, each border point at its side's
     * half-width) and the winding test.
     *
     * @return the centerline perimeter when all pass, else NaN
     */
    static float localShape(float[] c, float[] normal, float[] outer, float[] inner, float[] left, float[] right,
                            int b, int cn, float relaxTol) {
        float peri = 0f;
        float areaC = 0f;
        float areaO = 0f;
        float areaI = 0f;
        for (int i = 0; i < cn; i++) {
            int t = b + i;
            int u = b + (i + 1 == cn ? 0 : i + 1);
            int p = b + (i == 0 ? cn - 1 : i - 1);
            peri += Geometry.length(c[2 * u] - c[2 * t], c[2 * u + 1] - c[2 * t + 1]);
            areaC += Geometry.cross(c[2 * t], c[2 * t + 1], c[2 * u], c[2 * u + 1]);
            areaO += Geometry.cross(outer[2 * t], outer[2 * t + 1], outer[2 * u], outer[2 * u + 1]);
            areaI += Geometry.cross(inner[2 * t], inner[2 * t + 1], inner[2 * u], inner[2 * u + 1]);
            float kappa = Geometry.menger(c[2 * p], c[2 * p + 1], c[2 * t], c[2 * t + 1], c[2 * u], c[2 * u + 1]);
            float minThickness = (1f - relaxTol) * Math.max(left[t], right[t]);
            if (!(1f / Math.max(kappa, 1.0e-12f) >= minThickness) || !turnsForward(c, p, t, u)
                    || !turnsForward(outer, p, t, u) || !turnsForward(inner, p, t, u)
                    || !offsetHolds(c, normal, outer, t, left[t], right[t])
                    || !offsetHolds(c, normal, inner, t, left[t], right[t])) {
                return Float.NaN;
            }
        }
        boolean wound = (areaC > 0f && areaO > 0f && areaI > 0f) || (areaC < 0f && areaO < 0f && areaI < 0f);
        return wound ? peri : Float.NaN;
    }

    /**
     * Whether border point t sits at its side's half-width along the normal line of centerline
     * point t ({@code wl} on the {@code +normal} side, {@code wr} on the other), to
     * {@link #HALF_WIDTH_TOL} of that half-width both along the normal and across it (float32
     * coordinates too coarse for the half-width fail here).
     */
    static boolean offsetHolds(float[] c, float[] normal, float[] border, int t, float wl, float wr) {
        float dx = border[2 * t] - c[2 * t];
        float dy = border[2 * t + 1] - c[2 * t + 1];
        float nx = normal[2 * t];
        float ny = normal[2 * t + 1];
        float along = dx * nx + dy * ny;
        float across = dx * ny - dy * nx;
        float w = along >= 0f ? wl : wr;
        float widthTol = HALF_WIDTH_TOL * w;
        return Math.abs(Math.abs(along) - w) <= widthTol && Math.abs(across) <= widthTol;
    }

    /** Whether the polygon turns by less than 90 degrees at point t (edges p-t and t-u). */
    static boolean turnsForward(float[] q, int p, int t, int u) {
        float ax = q[2 * t] - q[2 * p];
        float ay = q[2 * t + 1] - q[2 * p + 1];
        float bx = q[2 * u] - q[2 * t];
        float by = q[2 * u + 1] - q[2 * t + 1];
        return ax * bx + ay * by > 0f;
    }

    /**
     * Crossing-number test of point (x, y) against the closed polygon {@code q[b .. b + cn)}.
     *
     * @return whether the point is inside
     */
    static boolean inside(float x, float y, float[] q, int b, int cn) {
        boolean in = false;
        for (int i = 0; i < cn; i++) {
            int t = b + i;
            int u = b + (i + 1 == cn ? 0 : i + 1);
            float ty = q[2 * t + 1];
            float uy = q[2 * u + 1];
            if ((ty > y) != (uy > y)) {
                float tx = q[2 * t];
                float xs = tx + (y - ty) * (q[2 * u] - tx) / (uy - ty);
                if (x < xs) {
                    in = !in;
                }
            }
        }
        return in;
    }

    private static boolean allFinite(float[] c, int b, int cn) {
        for (int i = 0; i < cn; i++) {
            if (!Float.isFinite(c[2 * (b + i)]) || !Float.isFinite(c[2 * (b + i) + 1])) {
                return false;
            }
        }
        return true;
    }

    /** {@link #rotationIndex}'s answer when it cannot vouch for the float sum. */
    static final int UNDECIDED = Integer.MIN_VALUE;

    /**
     * The turning test: {@code | |turning| - 2 pi | <= tol}. It is decided from the polygon's
     * rotation index ({@link #rotationIndex}, no transcendental call) whenever that index fixes the
     * float sum's verdict, else by the float sum itself ({@link #turning}); the same answer
     * either way.
     */
    static boolean turningHolds(float[] c, int b, int cn, float tol) {
        int k = rotationIndex(c, b, cn, tol);
        if (k != UNDECIDED) {
            return Math.abs(k) == 1;
        }
        return Math.abs(Math.abs(turning(c, b, cn)) - 2f * (float) Geometry.PI) <= tol;
    }

    /**
     * The rotation index of the closed polygon (net turns of its edge direction), when the float
     * sum of {@link #turning} provably lies so close to {@code 2 pi} times it that the turning
     * test's verdict is {@code |index| == 1}; else {@link #UNDECIDED}.
     *
     * <p>Each vertex turn must be certified under 90 degrees (the float dot product of the two
     * edges beats its own rounding bound); then the float turn {@code wrap(theta_i - theta_{i-1})}
     * is within {@code 6e-7} rad of the exact turn (each {@code atan2} result rounded to float is
     * within {@code 1.2e-7} of the edge's exact angle, the difference and the wrap add at most
     * {@code 3.6e-7}), and the index is the signed count of edge directions crossing the ray at
     * angle pi: a turn under 90 degrees whose edges' y components change sign crosses it exactly
     * when both x components are negative (they have one sign, since the dot product is
     * positive), counter-clockwise when the direction leaves the upper half-plane. The float sum
     * then differs from {@code 2 pi index} by at most {@code n (1e-6 + 6e-8 M)}, {@code M}
     * bounding the partial sums' magnitudes ({@code 2 pi (1 + the count's largest magnitude)}),
     * and with {@code tol} above that bound (and under pi less it) the test passes exactly for
     * index +-1. Degenerate, folded or non-finite polygons, and a very small {@code tol}, are left
     * to the float sum.
     */
    static int rotationIndex(float[] c, int b, int cn, float tol) {
        int last = b + cn - 1;
        float ux = c[2 * b] - c[2 * last];
        float uy = c[2 * b + 1] - c[2 * last + 1];
        int count = 0;
        int most = 0;
        for (int i = 0; i < cn; i++) {
            int t = b + i;
            int u = b + (i + 1 == cn ? 0 : i + 1);
            float vx = c[2 * u] - c[2 * t];
            float vy = c[2 * u + 1] - c[2 * t + 1];
            float xx = ux * vx;
            float yy = uy * vy;
            // exact dot > 0: the float sum beats its rounding (under 2^-23 of |xx| + |yy|)
            if (!(xx + yy > 3.0e-7f * (Math.abs(xx) + Math.abs(yy)))) {
                return UNDECIDED;
            }
            boolean upU = uy >= 0f;
            boolean upV = vy >= 0f;
            if (upU != upV) {
                if (ux < 0f && vx < 0f) {
                    count += upU ? 1 : -1;
                    most = Math.max(most, Math.abs(count));
                } else if (!(ux > 0f && vx > 0f)) {
                    return UNDECIDED;
                }
            }
            ux = vx;
            uy = vy;
        }
        double partials = 2.0 * Math.PI * (1 + most) + 1.0;
        double bound = cn * (1.0e-6 + 6.0e-8 * partials) + 1.0e-6;
        if (!(tol > bound + 1.0e-6) || !(tol < Math.PI - bound)) {
            return UNDECIDED;
        }
        return count;
    }

    /** Signed net turning of the closed polygon, radians. */
    static float turning(float[] c, int b, int cn) {
        float total = 0f;
        int last = b + cn - 1;
        float prev = (float) Fdlibm.atan2(c[2 * b + 1] - c[2 * last + 1], c[2 * b] - c[2 * last]);
        for (int i = 0; i < cn; i++) {
            int t = b + i;
            int u = b + (i + 1 == cn ? 0 : i + 1);
            float theta = (float) Fdlibm.atan2(c[2 * u + 1] - c[2 * t + 1], c[2 * u] - c[2 * t]);
            total += Geometry.wrapAngle(theta - prev);
            prev = theta;
        }
        return total;
    }

    /** Points per chunk of the clearance broadphase. */
    static final int CLEARANCE_CHUNK = 8;

    /** Fewest points for which the clearance tests use their broadphase. */
    static final int CLEARANCE_CHUNKED_MIN = 128;

    /**
     * {@link #clearance(float[], int, int, int, float)} with a broadphase for long tracks (a
     * circuit's 1,300 points are 845,000 pairs): chunks of {@value #CLEARANCE_CHUNK} consecutive
     * points get bounding boxes in {@code boxes[bb ..]} ({@code ChunkBounds.floats(cn, 8)}
     * floats), and a pair of chunks is skipped when the float gap between their boxes,
     * {@code gx * gx + gy * gy}, is at least the squared separation. Rounding is monotonic, so
     * every pair in such chunks has a float {@code d2} at least that gap's and would pass: the
     * same verdict as the plain scan. Below {@value #CLEARANCE_CHUNKED_MIN} points it is the plain scan.
     */
    static boolean clearance(float[] c, int b, int cn, int band, float minThickness, float[] boxes, int bb) {
        if (cn < CLEARANCE_CHUNKED_MIN) {
            return clearance(c, b, cn, band, minThickness);
        }
        float sep = 2f * minThickness;
        float sep2 = sep * sep;
        int chunks = ChunkBounds.compute(c, b, cn, CLEARANCE_CHUNK, false, false, boxes, bb);
        for (int ci = 0; ci < chunks; ci++) {
            for (int cj = ci; cj < chunks; cj++) {
                if (boxGap2(boxes, bb, ci, cj) >= sep2) {
                    continue;
                }
                int iEnd = Math.min(cn, (ci + 1) * CLEARANCE_CHUNK);
                int jHi = Math.min(cn, (cj + 1) * CLEARANCE_CHUNK);
                for (int i = ci * CLEARANCE_CHUNK; i < iEnd; i++) {
                    float xi = c[2 * (b + i)];
                    float yi = c[2 * (b + i) + 1];
                    int jEnd = Math.min(jHi, i + cn - band);
                    for (int j = Math.max(cj * CLEARANCE_CHUNK, i + band + 1); j < jEnd; j++) {
                        float dx = xi - c[2 * (b + j)];
                        float dy = yi - c[2 * (b + j) + 1];
                        float d2 = dx * dx + dy * dy;
                        if (d2 < sep2 && !(0.5f * (float) Math.sqrt(d2) >= minThickness)) {
                            return false;
                        }
                    }
                }
            }
        }
        return true;
    }

    /**
     * {@link #clearance(float[], float[], float[], int, int, int, float)} with the broadphase of
     * {@link #clearance(float[], int, int, int, float, float[], int)}: each chunk also keeps its
     * largest {@code r} (after its boxes, {@code ceil(cn / 8)} more floats), and a chunk pair is
     * skipped when the gap is at least {@code (rMax_i + rMax_j)^2}, which bounds every
     * {@code sep * sep} of its pairs from above (monotonic rounding again): the same verdict.
     */
    static boolean clearance(float[] c, float[] left, float[] right, int b, int cn, int band, float relaxTol,
                             float[] boxes, int bb) {
        if (cn < CLEARANCE_CHUNKED_MIN) {
            return clearance(c, left, right, b, cn, band, relaxTol);
        }
        int chunks = ChunkBounds.compute(c, b, cn, CLEARANCE_CHUNK, false, false, boxes, bb);
        int rb = bb + ChunkBounds.floats(cn, CLEARANCE_CHUNK);
        for (int ch = 0; ch < chunks; ch++) {
            float most = 0f;
            int last = Math.min(cn, (ch + 1) * CLEARANCE_CHUNK);
            for (int i = ch * CLEARANCE_CHUNK; i < last; i++) {
                most = Math.max(most, (1f - relaxTol) * Math.max(left[b + i], right[b + i]));
            }
            boxes[rb + ch] = most;
        }
        for (int ci = 0; ci < chunks; ci++) {
            for (int cj = ci; cj < chunks; cj++) {
                float bound = boxes[rb + ci] + boxes[rb + cj];
                if (boxGap2(boxes, bb, ci, cj) >= bound * bound) {
                    continue;
                }
                int iEnd = Math.min(cn, (ci + 1) * CLEARANCE_CHUNK);
                int jHi = Math.min(cn, (cj + 1) * CLEARANCE_CHUNK);
                for (int i = ci * CLEARANCE_CHUNK; i < iEnd; i++) {
                    float xi = c[2 * (b + i)];
                    float yi = c[2 * (b + i) + 1];
                    float ri = (1f - relaxTol) * Math.max(left[b + i], right[b + i]);
                    int jEnd = Math.min(jHi, i + cn - band);
                    for (int j = Math.max(cj * CLEARANCE_CHUNK, i + band + 1); j < jEnd; j++) {
                        float sep = ri + (1f - relaxTol) * Math.max(left[b + j], right[b + j]);
                        float dx = xi - c[2 * (b + j)];
                        float dy = yi - c[2 * (b + j) + 1];
                        float d2 = dx * dx + dy * dy;
                        if (d2 < sep * sep && !(0.5f * (float) Math.sqrt(d2) >= 0.5f * sep)) {
                            return false;
                        }
                    }
                }
            }
        }
        return true;
    }

    /** The float gap {@code gx * gx + gy * gy} between the boxes of chunks {@code ci} and {@code cj} (0 where they overlap). */
    private static float boxGap2(float[] boxes, int bb, int ci, int cj) {
        int pi = bb + 4 * ci;
        int pj = bb + 4 * cj;
        float gx = Math.max(0f, Math.max(boxes[pj] - boxes[pi + 2], boxes[pi] - boxes[pj + 2]));
        float gy = Math.max(0f, Math.max(boxes[pj + 1] - boxes[pi + 3], boxes[pi + 1] - boxes[pj + 3]));
        return gx * gx + gy * gy;
    }

    /**
     * Whether every pair of points {@code i, j} farther apart along the chain than {@code band} is
     * at least {@code r_i + r_j} apart, {@code r = (1 - relaxTol) * max(left, right)} of each
     * point (its own width plus the facing point's); stops at the first violation. With one
     * half-width everywhere this is {@link #clearance(float[], int, int, int, float)}, bit for bit.
     */
    static boolean clearance(float[] c, float[] left, float[] right, int b, int cn, int band, float relaxTol) {
        for (int i = 0; i < cn; i++) {
            float xi = c[2 * (b + i)];
            float yi = c[2 * (b + i) + 1];
            float ri = (1f - relaxTol) * Math.max(left[b + i], right[b + i]);
            int jEnd = Math.min(cn, i + cn - band);
            for (int j = i + band + 1; j < jEnd; j++) {
                float sep = ri + (1f - relaxTol) * Math.max(left[b + j], right[b + j]);
                float dx = xi - c[2 * (b + j)];
                float dy = yi - c[2 * (b + j) + 1];
                float d2 = dx * dx + dy * dy;
                if (d2 < sep * sep && !(0.5f * (float) Math.sqrt(d2) >= 0.5f * sep)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether every pair of points farther apart along the chain than {@code band} is at least
     * {@code 2 * minThickness} apart; stops at the first violation.
     */
    static boolean clearance(float[] c, int b, int cn, int band, float minThickness) {
        float sep = 2f * minThickness;
        float sep2 = sep * sep;
        for (int i = 0; i < cn; i++) {
            float xi = c[2 * (b + i)];
            float yi = c[2 * (b + i) + 1];
            // j ranges over i + band + 1 .. i + cn - band - 1 (circular distance > band), upper half only
            int jEnd = Math.min(cn, i + cn - band);
            for (int j = i + band + 1; j < jEnd; j++) {
                float dx = xi - c[2 * (b + j)];
                float dy = yi - c[2 * (b + j) + 1];
                float d2 = dx * dx + dy * dy;
                if (d2 < sep2 && !(0.5f * (float) Math.sqrt(d2) >= minThickness)) {
                    return false;
                }
            }
        }
        return true;
    }
}
