package dev.trackgen.generators.circuit;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * One candidate layout per thread ({@code dim = E * K}): the segment grammar, the closure solver
 * and the candidate's score.
 *
 * <p>{@code tg_circuit_layout(seeds, K, S, slotsLo, slotsHi, Nc, length, spread, rMin, rMax, share,
 * chicaneProb, clearance, hw, compactLo, compactHi, pieces, coarse, boxes, info, score)}:
 * <ol>
 *   <li><b>Grammar.</b> Candidate {@code k} of env {@code e} draws (stream
 *       {@link GeneratorKernels#STREAM_CIRCUIT}, draws {@code k * (8 + 16 S) + ...}) a lap length
 *       {@code L = length * (1 + spread * U(-1, 1))} and {@code m} in {@code [slotsLo, slotsHi]}
 *       corner slots. Each slot is a <em>chicane</em> (probability {@code chicaneProb}: two
 *       opposite turns of 0.45-1.25 rad at {@code rMin * U(1, 2.5)}, 0.5-3.5 half-widths apart),
 *       a <em>complex</em> (a quarter of the rest: two same-sense turns of 0.5-1.8 rad, 1-9
 *       half-widths apart) or a <em>single corner</em> (left turns 0.4-3.0 rad, right turns
 *       0.35-2.2 rad), followed by a straight of weight {@code 0.03 + U^4}. A corner or complex
 *       turns right with probability {@value #RIGHT_SHARE}, except that its sense is forced left
 *       (right) when the heading so far lags (leads) the even ramp {@code 2 pi j / m} by more
 *       than {@value #HEADING_DEV} rad. Radii are {@code rMin + (rMax - rMin) U^3} (a fifth of
 *       that span above 2 rad: hairpins are tight). Every corner is a clothoid entry, an arc and
 *       a clothoid exit; each clothoid turns {@value #CLOTHOID_SHARE}/2 of the corner, so the
 *       curvature is continuous along the lap.</li>
 *   <li><b>Heading closure.</b> The left turns are scaled by {@code f = (2 pi + right) / left}:
 *       the turns sum to exactly {@code 2 pi}.</li>
 *   <li><b>Straight share.</b> The radii of single corners and complexes are scaled by one factor
 *       so the corners take {@code (1 - share) L}, each then clamped to {@code [rMin, rMax]}.</li>
 *   <li><b>Position closure.</b> The headings do not depend on the straights' lengths, so closing
 *       the loop with the lap length {@code L} is linear in them: {@code sum_j S_j u_j = -D} (the
 *       corners' and inner straights' displacement) and {@code sum_j S_j = L - corners}. The
 *       weighted least-change solution {@code S = S0 + W U^T (U W U^T)^-1 (b - U S0)}
 *       ({@code W = diag(S0)}, a 3x3 solve) is taken, straights below one half-width are pinned
 *       there and the rest re-solved, at most {@value #SOLVER_ITERATIONS} times. The end then
 *       meets the start up to rounding (the residual is checked).</li>
 *   <li><b>Score</b> (lower is better). {@code Nc} points at even arc length; {@code c} = the
 *       number of (point, edge) pairs at least {@value #GAP} points apart closer than
 *       {@code clearance} (a chunk of {@value #CHUNK} points is tested against a box of
 *       {@value #CHUNK} edges only where their bounding boxes come within {@code clearance}, and
 *       then each of its points against the box before the edges). A lap with
 *       {@code c > 0} scores {@link #CONTACT} {@code + min(c, 2^16)}; one without scores the
 *       distance of its compactness from the env's target {@code U(compactLo, compactHi)}
 *       (stream {@link GeneratorKernels#STREAM_CIRCUIT_TARGET}) in thousandths, at most
 *       {@value #SHAPE_MAX}. A left-turn factor outside [0.5, 2] or a turn above 3.4 rad adds
 *       {@link #TURN_PENALTY}; a candidate the solver could not close scores {@link #FAIL}.</li>
 * </ol>
 *
 * <p>Shapes: {@code seeds: [E]}; {@code pieces: [E*K*8*S*6]} (per piece: length, start and end
 * curvature, start x, y, heading; 8 pieces a slot, unused ones of length 0); {@code coarse: [E*K*Nc]}
 * pairs; {@code boxes: [E*K*ceil(Nc/8)*4]} (scratch); {@code info: [E*K*2]} (lap length, slot count);
 * {@code score: [E*K]}. Lengths are world
 * units ({@code length}, {@code rMin}, {@code rMax}, {@code clearance} already times the half-width).
 */
public final class CircuitLayoutKernel extends CircuitLayoutKernelBase {
    /** The kernel instance. */
    public static final CircuitLayoutKernel INSTANCE = new CircuitLayoutKernel();

    /** Share of each corner's turn made in its two clothoids. */
    @CudaConstant("TG_CIRCUIT_CLOTHOID_SHARE")
    public static final double CLOTHOID_SHARE = 0.3;
    /** Probability that a single corner (or a complex) turns right. */
    @CudaConstant("TG_CIRCUIT_RIGHT_SHARE")
    public static final float RIGHT_SHARE = 0.4f;
    /** Largest lead or lag of the raw heading on the even ramp {@code 2 pi j / m} before a turn's sense is forced. */
    @CudaConstant("TG_CIRCUIT_HEADING_DEV")
    public static final double HEADING_DEV = 0.5;
    /** Share of the non-chicane slots that are two-corner complexes. */
    @CudaConstant("TG_CIRCUIT_COMPLEX_SHARE")
    public static final float COMPLEX_SHARE = 0.25f;
    /** Bounded active-set iterations of the straight-length solve. */
    @CudaConstant("TG_CIRCUIT_SOLVER_ITERATIONS")
    public static final int SOLVER_ITERATIONS = 6;
    /** Coarse edges per bounding box of the clearance scan. */
    @CudaConstant("TG_CIRCUIT_CHUNK")
    public static final int CHUNK = 8;
    /** Fewest coarse points between a point and an edge for their distance to count. */
    @CudaConstant("TG_CIRCUIT_GAP")
    public static final int GAP = 3;
    /** Score added for a left-turn factor outside [0.5, 2] or a turn above 3.4 rad. */
    @CudaConstant("TG_CIRCUIT_TURN_PENALTY")
    public static final int TURN_PENALTY = 1 << 18;
    /** Score base of a candidate with near-contacts (plus their count, at most 2^16). */
    @CudaConstant("TG_CIRCUIT_CONTACT")
    public static final int CONTACT = 1 << 20;
    /** Score of a candidate the solver could not close. */
    @CudaConstant("TG_CIRCUIT_FAIL")
    public static final int FAIL = 1 << 28;
    /** Largest shape term of the score: 1000 times the compactness distance from the env's target. */
    @CudaConstant("TG_CIRCUIT_SHAPE_MAX")
    public static final int SHAPE_MAX = 999;
    /** RNG draws reserved per candidate before the slots' 16 each. */
    @CudaConstant("TG_CIRCUIT_HEADER_DRAWS")
    static final int HEADER_DRAWS = 8;
    /** RNG draws per slot. */
    @CudaConstant("TG_CIRCUIT_SLOT_DRAWS")
    static final int SLOT_DRAWS = 16;

    private CircuitLayoutKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CIRCUIT)
    interface Signature {
        void tg_circuit_layout(@In I32Array seeds, int K, int S, int slotsLo, int slotsHi, int Nc, float length,
                float spread, float rMin, float rMax, float share, float chicaneProb, float clearance, float hw,
                float compactLo, float compactHi, @Out F32Array pieces, @Out Vec2Array coarse, @Out F32Array boxes,
                @Out F32Array info, @Out I32Array score);
    }

    /** @return draws one candidate uses */
    static int drawsPerCandidate(int slots) {
        return HEADER_DRAWS + SLOT_DRAWS * slots;
    }

    private static float radius(float u, float mag, float rMin, float rMax) {
        float span = mag > 2.0f ? 0.2f * (rMax - rMin) : rMax - rMin;
        return rMin + span * (u * u * u);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int kk, int slotsMax, int slotsLo, int slotsHi, int nc,
                       float length, float spread, float rMin, float rMax, float share, float chicaneProb,
                       float clearance, float hw, float compactLo, float compactHi, float[] pc, float[] coarse,
                       float[] boxes, float[] info, int[] score) {
        int nb = (nc + CHUNK - 1) / CHUNK;
        double[] disp = DISPLACEMENTS.acquire();
        if (disp.length < 2 * 8 * slotsMax) {
            disp = new double[2 * 8 * slotsMax];
        }
        try {
            for (int slot = begin; slot < end; slot++) {
                int e = slot / kk;
                score[slot] = candidate(seeds[e], slot - e * kk, slotsMax, slotsLo, slotsHi, nc, length, spread, rMin,
                        rMax, share, chicaneProb, clearance, hw, compactLo, compactHi, pc, slot * 8 * slotsMax,
                        coarse, slot * nc, boxes, slot * nb * 4, info, slot, Integer.MAX_VALUE, disp);
            }
        } finally {
            DISPLACEMENTS.release(disp);
        }
    }

    /**
     * Per-piece scratch of the Java bodies ({@code 2 * 8 * S} doubles, grown as needed): a piece's
     * displacement, or for a main straight the cosine and sine of its heading.
     */
    private static final ScratchPool<double[]> DISPLACEMENTS = new ScratchPool<>(() -> new double[0]);

    /**
     * One candidate: its pieces, lap length and slot count, and its score (steps 1-6 of the class
     * comment). With a finite {@code bound} the score is only computed while the candidate can still
     * score below it: a candidate that cannot gets some score {@code >= bound} instead of its own
     * (its coarse points and boxes are then partly written), which a caller keeping the first
     * lowest score against a best of {@code bound} rejects either way.
     *
     * @param seed  the env's seed
     * @param k     the candidate's index within its env
     * @param pb    its first piece in {@code pc}
     * @param cb    its first coarse pair in {@code coarse}
     * @param bb    its first box float in {@code boxes}
     * @param slot  its pair in {@code info}
     * @param bound {@link Integer#MAX_VALUE} for the exact score; else the best score it must beat
     * @param disp  scratch of at least {@code 2 * 8 * slotsMax} doubles
     * @return the score, or a value {@code >= bound} when it cannot be below {@code bound}
     */
    static int candidate(int seed, int k, int slotsMax, int slotsLo, int slotsHi, int nc, float length, float spread,
                         float rMin, float rMax, float share, float chicaneProb, float clearance, float hw,
                         float compactLo, float compactHi, float[] pc, int pb, float[] coarse, int cb, float[] boxes,
                         int bb, float[] info, int slot, int bound, double[] disp) {
        int st = STREAM;
        int d0 = k * drawsPerCandidate(slotsMax);
        int m = CounterRng.uniformInt(seed, st, d0, slotsLo, slotsHi);
        float lenF = length * (1.0f + spread * (2.0f * CounterRng.uniform(seed, st, d0 + 1) - 1.0f));
        for (int q = 6 * pb; q < 6 * (pb + 8 * slotsMax); q++) {
            pc[q] = 0.0f;
        }
        // 1. grammar: raw turns and radii into the corners' first pieces (x0 = turn, y0 = radius,
        //    heading slot = 1 for corners whose radius follows the straight share), inner straights
        //    and straight weights into their lengths
        double left = 0.0;
        double right = 0.0;
        double head = 0.0;
        for (int j = 0; j < m; j++) {
            double ramp = 2.0 * Math.PI * (double) j / (double) m;
            boolean forceRight = head > ramp + HEADING_DEV;
            boolean forceLeft = head < ramp - HEADING_DEV;
            int d = d0 + HEADER_DRAWS + SLOT_DRAWS * j;
            // d is a multiple of 4 (HEADER_DRAWS and SLOT_DRAWS are), so each pair lies in one
            // Philox block: the same eight draws from four evaluations of the rounds
            long p01 = CounterRng.uniformPair(seed, st, d);
            long p23 = CounterRng.uniformPair(seed, st, d + 2);
            long p45 = CounterRng.uniformPair(seed, st, d + 4);
            long p67 = CounterRng.uniformPair(seed, st, d + 6);
            float u0 = CounterRng.firstOfPair(p01);
            float u1 = CounterRng.secondOfPair(p01);
            float u2 = CounterRng.firstOfPair(p23);
            float u3 = CounterRng.secondOfPair(p23);
            float u4 = CounterRng.firstOfPair(p45);
            float u5 = CounterRng.secondOfPair(p45);
            float u6 = CounterRng.firstOfPair(p67);
            float u7 = CounterRng.secondOfPair(p67);
            float t1;
            float r1;
            float t2;
            float r2;
            float inner;
            float scaled;
            if (u0 < chicaneProb) {
                float sg = u1 < 0.5f ? -1.0f : 1.0f;
                t1 = sg * (0.45f + 0.8f * u2);
                t2 = -sg * (0.45f + 0.8f * u3);
                r1 = rMin * (1.0f + 1.5f * u4);
                r2 = rMin * (1.0f + 1.5f * u5);
                inner = hw * (0.5f + 3.0f * u6);
                scaled = 0.0f;
            } else if (u0 < chicaneProb + (1.0f - chicaneProb) * COMPLEX_SHARE) {
                float sg = (u1 < RIGHT_SHARE || forceRight) && !forceLeft ? -1.0f : 1.0f;
                float m1 = 0.5f + 1.3f * u2;
                float m2 = 0.5f + 1.3f * u3;
                t1 = sg * m1;
                t2 = sg * m2;
                r1 = radius(u4, m1, rMin, rMax);
                r2 = radius(u5, m2, rMin, rMax);
                inner = hw * (1.0f + 8.0f * u6);
                scaled = 1.0f;
            } else {
                boolean neg = (u1 < RIGHT_SHARE || forceRight) && !forceLeft;
                float m1 = neg ? 0.35f + 1.85f * u2 : 0.4f + 2.6f * u2;
                t1 = neg ? -m1 : m1;
                r1 = radius(u4, m1, rMin, rMax);
                t2 = 0.0f;
                r2 = 0.0f;
                inner = 0.0f;
                scaled = 1.0f;
            }
            int p0 = 6 * (pb + 8 * j);
            pc[p0 + 3] = t1;
            pc[p0 + 4] = r1;
            pc[p0 + 5] = scaled;
            pc[p0 + 6 * 4 + 3] = t2;
            pc[p0 + 6 * 4 + 4] = r2;
            pc[p0 + 6 * 3] = inner;
            pc[p0 + 6 * 7] = 0.03f + (u7 * u7) * (u7 * u7);
            left += (t1 > 0.0f ? t1 : 0.0f) + (t2 > 0.0f ? t2 : 0.0f);
            right += (t1 < 0.0f ? -t1 : 0.0f) + (t2 < 0.0f ? -t2 : 0.0f);
            head += (double) (t1 + t2);
        }
        // 2. heading closure: left turns times f
        double f = left > 0.0 ? (2.0 * Math.PI + right) / left : 0.0;
        // 3. straight share: corner length (1 + c) R |turn|, scalable and fixed parts
        double scalable = 0.0;
        double fixedCorners = 0.0;
        for (int j = 0; j < m; j++) {
            for (int c = 0; c < 2; c++) {
                int q = 6 * (pb + 8 * j + 4 * c);
                double t = pc[q + 3];
                double mag = t > 0.0 ? t * f : -t;
                double l = (1.0 + CLOTHOID_SHARE) * (double) pc[q + 4] * mag;
                if (pc[6 * (pb + 8 * j) + 5] != 0.0f) {
                    scalable += l;
                } else {
                    fixedCorners += l;
                }
            }
        }
        double g = scalable > 0.0 ? ((1.0 - (double) share) * (double) lenF - fixedCorners) / scalable : 1.0;
        // 4. pieces: clothoid, arc, clothoid per corner; inner straight; main straight (weight for now)
        double fixedLen = 0.0;
        double wsum = 0.0;
        boolean sharp = false;
        for (int j = 0; j < m; j++) {
            int s0 = 6 * (pb + 8 * j);
            boolean scal = pc[s0 + 5] != 0.0f;
            for (int c = 0; c < 2; c++) {
                int q = 6 * (pb + 8 * j + 4 * c);
                double t = pc[q + 3];
                double r = pc[q + 4];
                pc[q + 3] = 0.0f;
                pc[q + 4] = 0.0f;
                pc[q + 5] = 0.0f;
                if (t == 0.0) {
                    continue;
                }
                double turn = t > 0.0 ? t * f : t;
                sharp |= Math.abs(turn) > 3.4;
                if (scal) {
                    r = Math.min(Math.max(r * g, (double) rMin), (double) rMax);
                }
                float kap = (float) ((turn > 0.0 ? 1.0 : -1.0) / r);
                float lc = (float) (0.5 * CLOTHOID_SHARE * Math.abs(turn) * 2.0 * r);
                float la = (float) ((1.0 - CLOTHOID_SHARE) * Math.abs(turn) * r);
                pc[q] = lc;
                pc[q + 2] = kap;
                pc[q + 6] = la;
                pc[q + 6 + 1] = kap;
                pc[q + 6 + 2] = kap;
                pc[q + 12] = lc;
                pc[q + 12 + 1] = kap;
                fixedLen += (double) lc + (double) la + (double) lc;
            }
            fixedLen += pc[s0 + 6 * 3];
            wsum += pc[s0 + 6 * 7];
        }
        int count = 8 * m;
        double straights = (double) lenF - fixedLen;
        double sMin = hw;
        boolean ok = f > 0.0 && straights > sMin * m;
        // headings (they depend on the turns only); straight start lengths S0 = share of the weights,
        // each straight's weight kept in its y0 slot (0 once pinned)
        double phi = 0.0;
        for (int p = 0; p < count; p++) {
            int q = 6 * (pb + p);
            pc[q + 5] = (float) phi;
            if (p % 8 == 7) {
                float s0 = (float) ((double) pc[q] / wsum * straights);
                pc[q] = s0;
                pc[q + 4] = s0;
            }
            phi += (double) pc[q] * ((double) pc[q + 1] + (double) pc[q + 2]) * 0.5;
        }
        // displacement of everything but the main straights; each piece's offsets are kept in
        // disp for the start points below (the solve changes the main straights only), a main
        // straight's slots keep the cosine and sine of its heading
        double dxs = 0.0;
        double dys = 0.0;
        for (int p = 0; p < count; p++) {
            int q = 6 * (pb + p);
            if (p % 8 == 7) {
                disp[2 * p] = Math.cos(pc[q + 5]);
                disp[2 * p + 1] = Math.sin(pc[q + 5]);
            } else if (pc[q] > 0.0f) {
                double len = pc[q];
                double phi0 = pc[q + 5];
                CircuitPieces.offset(len, pc[q + 1], pc[q + 2], Math.cos(phi0), Math.sin(phi0), len, disp, 2 * p);
                dxs += disp[2 * p];
                dys += disp[2 * p + 1];
            }
        }
        // 5. position closure: bounded active-set weighted least change of the straights
        boolean solved = false;
        for (int it = 0; it < SOLVER_ITERATIONS && ok && !solved; it++) {
            double a00 = 0.0;
            double a01 = 0.0;
            double a02 = 0.0;
            double a11 = 0.0;
            double a12 = 0.0;
            double a22 = 0.0;
            double r0 = -dxs;
            double r1 = -dys;
            double r2 = straights;
            for (int j = 0; j < m; j++) {
                int q = 6 * (pb + 8 * j + 7);
                double w = pc[q + 4];
                double cs = disp[2 * (8 * j + 7)];
                double sn = disp[2 * (8 * j + 7) + 1];
                double sl = pc[q];
                r0 -= sl * cs;
                r1 -= sl * sn;
                r2 -= sl;
                a00 += w * cs * cs;
                a01 += w * cs * sn;
                a02 += w * cs;
                a11 += w * sn * sn;
                a12 += w * sn;
                a22 += w;
            }
            double c00 = a11 * a22 - a12 * a12;
            double c01 = a02 * a12 - a01 * a22;
            double c02 = a01 * a12 - a02 * a11;
            double det = a00 * c00 + a01 * c01 + a02 * c02;
            if (!(Math.abs(det) > 1e-12 * a22 * a22 * a22)) {
                ok = false;
                break;
            }
            double c11 = a00 * a22 - a02 * a02;
            double c12 = a01 * a02 - a00 * a12;
            double c22 = a00 * a11 - a01 * a01;
            double l0 = (c00 * r0 + c01 * r1 + c02 * r2) / det;
            double l1 = (c01 * r0 + c11 * r1 + c12 * r2) / det;
            double l2 = (c02 * r0 + c12 * r1 + c22 * r2) / det;
            boolean pinned = false;
            for (int j = 0; j < m; j++) {
                int q = 6 * (pb + 8 * j + 7);
                double w = pc[q + 4];
                if (w > 0.0 && (double) pc[q] + w * (disp[2 * (8 * j + 7)] * l0 + disp[2 * (8 * j + 7) + 1] * l1 + l2)
                        < sMin) {
                    pc[q] = (float) sMin;
                    pc[q + 4] = 0.0f;
                    pinned = true;
                }
            }
            if (!pinned) {
                for (int j = 0; j < m; j++) {
                    int q = 6 * (pb + 8 * j + 7);
                    double w = pc[q + 4];
                    if (w > 0.0) {
                        pc[q] = (float) ((double) pc[q]
                                + w * (disp[2 * (8 * j + 7)] * l0 + disp[2 * (8 * j + 7) + 1] * l1 + l2));
                    }
                }
                solved = true;
            }
        }
        ok &= solved;
        // start points by summing the piece offsets; the residual is the closure error
        double x = 0.0;
        double y = 0.0;
        for (int p = 0; p < count; p++) {
            int q = 6 * (pb + p);
            pc[q + 3] = (float) x;
            pc[q + 4] = (float) y;
            if (pc[q] > 0.0f) {
                if (p % 8 != 7) {
                    x += disp[2 * p];
                    y += disp[2 * p + 1];
                } else {
                    x += (double) pc[q] * disp[2 * p];
                    y += (double) pc[q] * disp[2 * p + 1];
                }
            }
        }
        ok &= Math.sqrt(x * x + y * y) < 0.01 * (double) hw;
        info[2 * slot] = lenF;
        info[2 * slot + 1] = m;
        if (!ok) {
            return FAIL;
        }
        // 6. score on Nc evenly spaced points: (contacts ? CONTACT + contacts : shape) + penalty,
        //    so the penalty, then penalty + shape, bound the score from below
        int penalty = f < 0.5 || f > 2.0 || sharp ? TURN_PENALTY : 0;
        if (penalty >= bound) {
            return penalty;
        }
        CircuitPieces.sample(pc, pb, count, nc, coarse, cb);
        int nb = (nc + CHUNK - 1) / CHUNK;
        // the largest coordinate magnitude of the coarse loop (NaN if any coordinate is NaN)
        double extent = 0.0;
        for (int b = 0; b < nb; b++) {
            float x0 = Float.MAX_VALUE;
            float y0 = Float.MAX_VALUE;
            float x1 = -Float.MAX_VALUE;
            float y1 = -Float.MAX_VALUE;
            int hi = Math.min(CHUNK * b + CHUNK, nc);
            for (int j = CHUNK * b; j <= hi; j++) {
                int jj = j == nc ? 0 : j;
                float qx = coarse[2 * (cb + jj)];
                float qy = coarse[2 * (cb + jj) + 1];
                x0 = Math.min(x0, qx);
                y0 = Math.min(y0, qy);
                x1 = Math.max(x1, qx);
                y1 = Math.max(y1, qy);
            }
            boxes[bb + 4 * b] = x0;
            boxes[bb + 4 * b + 1] = y0;
            boxes[bb + 4 * b + 2] = x1;
            boxes[bb + 4 * b + 3] = y1;
            extent = Math.max(extent, Math.max(Math.max(-x0, x1), Math.max(-y0, y1)));
        }
        // compactness of the coarse loop against the env's target
        double area = 0.0;
        double per = 0.0;
        for (int i = 0; i < nc; i++) {
            int i1 = i + 1 == nc ? 0 : i + 1;
            double x0 = coarse[2 * (cb + i)];
            double y0 = coarse[2 * (cb + i) + 1];
            double x1 = coarse[2 * (cb + i1)];
            double y1 = coarse[2 * (cb + i1) + 1];
            area += x0 * y1 - x1 * y0;
            per += Math.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
        }
        double compact = 2.0 * Math.PI * Math.abs(area) / (per * per);
        double target = (double) compactLo + (double) (compactHi - compactLo) * (double) CounterRng.uniform(seed,
                STREAM_TARGET, 0);
        int shape = (int) Math.min((double) SHAPE_MAX, 1000.0 * Math.abs(compact - target));
        if (shape + penalty >= bound) {
            return shape + penalty;
        }
        // with contacts the score is at least CONTACT + contacts + penalty: stop counting at the
        // count that reaches the bound (never, for the exact score)
        long room = (long) bound - CONTACT - penalty;
        int stopAt = room > (1 << 16) ? Integer.MAX_VALUE : (int) Math.max(1L, room);
        int bad = contacts(coarse, cb, nc, boxes, bb, clearance, extent, stopAt);
        return (bad > 0 ? CONTACT + Math.min(bad, 1 << 16) : shape) + penalty;
    }

    /**
     * The near-contacts of a coarse loop: (point, edge) pairs at least {@value #GAP} points apart
     * closer than {@code clearance}, counted up to {@code stopAt}.
     *
     * @param coarse the coarse points ({@code nc} pairs from pair {@code cb})
     * @param boxes  the loop's chunk boxes ({@code 4 * ceil(nc / CHUNK)} floats from {@code bb})
     * @param extent the largest coordinate magnitude of the loop
     * @param stopAt count at which to stop
     * @return the count, at most {@code stopAt}
     */
    private static int contacts(float[] coarse, int cb, int nc, float[] boxes, int bb, float clearance,
                                double extent, int stopAt) {
        int bad = 0;
        double cl = clearance;
        double cl2 = cl * cl;
        int nb = (nc + CHUNK - 1) / CHUNK;
        // A point farther than clEdge outside an edge's bounding box along x or y is not within
        // the clearance of the edge as the test below computes it: that test's nearest point
        // lies in the box up to a few double roundings of the extent, and the margin of 1e-9
        // relative covers them many times over. Those pairs skip the division.
        double clEdge = cl + 1.0e-9 * (cl + extent);
        // point chunk a (its points lie in box a) against edge box b: when box a misses box b
        // grown by the clearance, so does each of its points, and the pair is skipped whole
        for (int a = 0; a < nb; a++) {
            double ax0 = boxes[bb + 4 * a];
            double ay0 = boxes[bb + 4 * a + 1];
            double ax1 = boxes[bb + 4 * a + 2];
            double ay1 = boxes[bb + 4 * a + 3];
            int iHi = Math.min(CHUNK * a + CHUNK, nc);
            for (int b = 0; b < nb; b++) {
                double bx0 = (double) boxes[bb + 4 * b] - cl;
                double by0 = (double) boxes[bb + 4 * b + 1] - cl;
                double bx1 = (double) boxes[bb + 4 * b + 2] + cl;
                double by1 = (double) boxes[bb + 4 * b + 3] + cl;
                if (ax1 < bx0 || ay1 < by0 || ax0 > bx1 || ay0 > by1) {
                    continue;
                }
                int hi = Math.min(CHUNK * b + CHUNK, nc);
                for (int i = CHUNK * a; i < iHi; i++) {
                    double px = coarse[2 * (cb + i)];
                    double py = coarse[2 * (cb + i) + 1];
                    if (px < bx0 || py < by0 || px > bx1 || py > by1) {
                        continue;
                    }
                    for (int j = CHUNK * b; j < hi; j++) {
                        int j1 = j + 1 == nc ? 0 : j + 1;
                        int di = Math.abs(i - j);
                        int dj = Math.abs(i - j1);
                        di = Math.min(di, nc - di);
                        dj = Math.min(dj, nc - dj);
                        if (di < GAP || dj < GAP) {
                            continue;
                        }
                        double ax = coarse[2 * (cb + j)];
                        double ay = coarse[2 * (cb + j) + 1];
                        double bx = coarse[2 * (cb + j1)];
                        double by = coarse[2 * (cb + j1) + 1];
                        if (px < Math.min(ax, bx) - clEdge || px > Math.max(ax, bx) + clEdge
                                || py < Math.min(ay, by) - clEdge || py > Math.max(ay, by) + clEdge) {
                            continue;
                        }
                        double ex = bx - ax;
                        double ey = by - ay;
                        double ee = ex * ex + ey * ey;
                        double tt = ee > 0.0 ? ((px - ax) * ex + (py - ay) * ey) / ee : 0.0;
                        tt = Math.min(Math.max(tt, 0.0), 1.0);
                        double qx = ax + tt * ex - px;
                        double qy = ay + tt * ey - py;
                        if (qx * qx + qy * qy < cl2 && ++bad >= stopAt) {
                            return bad;
                        }
                    }
                }
            }
        }
        return bad;
    }

    /** RNG stream of the circuit layouts. */
    static final int STREAM = GeneratorKernels.STREAM_CIRCUIT;
    /** RNG stream of the per-env compactness target (draw 0). */
    static final int STREAM_TARGET = GeneratorKernels.STREAM_CIRCUIT_TARGET;
}
