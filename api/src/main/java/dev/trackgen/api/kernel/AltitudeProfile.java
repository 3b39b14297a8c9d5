package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * The altitude profile family of gate courses (and, later, of track elevation): one closed loop's
 * altitudes {@code z[i]} from its plan-view cumulative arc length {@code cum[i]} and closed
 * perimeter, for kernel bodies. Allocation-free static methods on explicit row offsets; the CUDA C
 * header {@code trackgen_altitude.cuh} (shipped beside {@code trackgen_kernel.cuh}) defines the same
 * functions with the same float arithmetic ({@code tg_alt_fill}, {@code tg_alt_closed_chords}).
 *
 * <p>After the original's altitude profiles (AntoineRichard/TrackGen track_gen/_src/warp_zprofile.py,
 * docs/gates-3d.rst): the families and knob names carry over; the draws come from {@link CounterRng}
 * streams of their own, and the random walk is grade-capped by construction (below).
 * <ul>
 *   <li>{@link #FLAT}: {@code z = z_base}.</li>
 *   <li>{@link #UNIFORM}: {@code z = z_min + u_i (z_max - z_min)}, {@code u_i} uniform in {@code [0, 1)}.</li>
 *   <li>{@link #RANDOM_WALK}: a closed Brownian bridge. Steps {@code w_i - w_(i-1) = (2 u_i - 1) (maxGrade / 2) ds_i}
 *       over the plan-view arc {@code ds_i}, then {@code z_i = clamp(z_base + w_i - w_(n-1) cum_i / perim, z_min, z_max)}.
 *       Half the cap per step plus at most half the cap of bridge drift: every step's grade, the
 *       closing one included, is at most {@code maxGrade} (before float rounding), and the clamp
 *       (1-Lipschitz) keeps it so.</li>
 *   <li>{@link #NOISE}: {@code z = clamp(z_base + A sum_k a_k w_k sin(2 pi (k + 1) f + phi_k) / sum_k w_k, z_min, z_max)},
 *       {@code f = cum_i / perim}, {@code w_k = 1 / (k + 1)}, {@code a_k} uniform in {@code [0, 1)},
 *       {@code phi_k} uniform in {@code [0, 2 pi)}: periodic in the lap, so closed.</li>
 * </ul>
 * Reuse (issue 29, track elevation): call {@link #fill} per track row with the resampler's
 * {@code arclen} row as {@code cum} and the track's length as {@code perim}.
 */
public final class AltitudeProfile {
    /** {@code z_profile = flat}. */
    @CudaConstant("TG_ALT_FLAT")
    public static final int FLAT = 0;
    /** {@code z_profile = uniform}. */
    @CudaConstant("TG_ALT_UNIFORM")
    public static final int UNIFORM = 1;
    /** {@code z_profile = random_walk}. */
    @CudaConstant("TG_ALT_RANDOM_WALK")
    public static final int RANDOM_WALK = 2;
    /** {@code z_profile = noise}. */
    @CudaConstant("TG_ALT_NOISE")
    public static final int NOISE = 3;
    /** Random stream of the uniform profile (draw {@code i} for point {@code i}). */
    @CudaConstant("TG_STREAM_ALT_UNIFORM")
    public static final int STREAM_UNIFORM = 15679;
    /** Random stream of the random walk (draw {@code i} for the step into point {@code i}). */
    @CudaConstant("TG_STREAM_ALT_WALK")
    public static final int STREAM_WALK = 15683;
    /** Random stream of the noise profile (draws {@code 2k, 2k + 1}: harmonic {@code k}'s amplitude and phase). */
    @CudaConstant("TG_STREAM_ALT_NOISE")
    public static final int STREAM_NOISE = 15731;
    /** {@code 2 pi} in double, shared with the C twin. */
    @CudaConstant("TG_ALT_TWO_PI_D")
    public static final double TWO_PI = 2.0 * Math.PI;

    private AltitudeProfile() {
    }

    /**
     * Cumulative plan-view chord length of a closed loop of points.
     *
     * @param xy  interleaved points; the loop's point {@code i} at {@code xy[2 * (po + i)]}
     * @param po  the loop's first point (in points)
     * @param n   points in the loop
     * @param cum out: {@code cum[co + i]} = chord length from point 0 to point {@code i} (0 at point 0)
     * @param co  offset of the loop's row in {@code cum}
     * @return the closed perimeter ({@code cum[co + n - 1]} plus the closing chord; 0 for {@code n < 1})
     */
    public static float closedChords(float[] xy, int po, int n, float[] cum, int co) {
        float acc = 0.0f;
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                int a = 2 * (po + i - 1);
                int b = 2 * (po + i);
                acc += Geometry.length(xy[b] - xy[a], xy[b + 1] - xy[a + 1]);
            }
            cum[co + i] = acc;
        }
        if (n < 1) {
            return 0.0f;
        }
        int a = 2 * (po + n - 1);
        int b = 2 * po;
        return acc + Geometry.length(xy[b] - xy[a], xy[b + 1] - xy[a + 1]);
    }

    /**
     * Fills one loop's altitudes.
     *
     * @param profile   {@link #FLAT}, {@link #UNIFORM}, {@link #RANDOM_WALK} or {@link #NOISE} (any other value: flat)
     * @param seed      the env seed
     * @param cum       plan-view cumulative arc length, {@code cum[co + i]}, nondecreasing from 0
     * @param co        the row's offset in {@code cum}
     * @param n         points in the loop
     * @param perim     closed plan-view perimeter
     * @param zBase     base altitude
     * @param zMin      lower bound (not applied to flat)
     * @param zMax      upper bound (not applied to flat)
     * @param maxGrade  the random walk's grade cap ({@code z_max_step})
     * @param amplitude the noise amplitude
     * @param harmonics the noise harmonics, {@code >= 1}
     * @param z         out: {@code z[zo + i]}
     * @param zo        the row's offset in {@code z}
     */
    public static void fill(int profile, int seed, float[] cum, int co, int n, float perim, float zBase, float zMin,
                            float zMax, float maxGrade, float amplitude, int harmonics, float[] z, int zo) {
        if (profile == UNIFORM) {
            for (int i = 0; i < n; i++) {
                z[zo + i] = zMin + CounterRng.uniform(seed, STREAM_UNIFORM, i) * (zMax - zMin);
            }
        } else if (profile == RANDOM_WALK) {
            float half = 0.5f * maxGrade;
            float acc = 0.0f;
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    float ds = cum[co + i] - cum[co + i - 1];
                    acc += (2.0f * CounterRng.uniform(seed, STREAM_WALK, i) - 1.0f) * half * ds;
                }
                z[zo + i] = acc;
            }
            float drift = acc;
            for (int i = 0; i < n; i++) {
                float frac = perim > 1.0e-9f ? cum[co + i] / perim : 0.0f;
                z[zo + i] = Math.min(Math.max(zBase + z[zo + i] - drift * frac, zMin), zMax);
            }
        } else if (profile == NOISE) {
            for (int i = 0; i < n; i++) {
                float frac = perim > 1.0e-9f ? cum[co + i] / perim : 0.0f;
                float acc = 0.0f;
                float norm = 0.0f;
                for (int k = 0; k < harmonics; k++) {
                    float a = CounterRng.uniform(seed, STREAM_NOISE, 2 * k);
                    double phase = CounterRng.uniform(seed, STREAM_NOISE, 2 * k + 1) * TWO_PI;
                    float w = 1.0f / (k + 1);
                    float s = (float) StrictMath.sin(TWO_PI * (k + 1) * frac + phase);
                    acc += a * w * s;
                    norm += w;
                }
                float zz = zBase + amplitude * acc / Math.max(norm, 1.0e-9f);
                z[zo + i] = Math.min(Math.max(zz, zMin), zMax);
            }
        } else {
            for (int i = 0; i < n; i++) {
                z[zo + i] = zBase;
            }
        }
    }
}
