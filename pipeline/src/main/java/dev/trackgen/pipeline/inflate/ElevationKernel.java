package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.AltitudeProfile;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * The elevation and banking stage, one thread per environment ({@code dim = E}), after the
 * inflation's validity gate (docs/elevation.md).
 *
 * <p>Per env {@code e} with {@code cn = count[e]} real points and plan-view perimeter
 * {@code P = length[e]}:
 * <ol>
 *   <li>Centerline heights {@code centerZ}: for {@code uniform} and {@code random_walk},
 *       {@code knots} knot heights at plan-view arc {@code j P / knots} from
 *       {@link AltitudeProfile#fill(int, int, int, int, int, float[], int, int, float, float, float, float, float, float, int, float[], int)}
 *       (into the scratch rows {@code knotS}, {@code knotZ}), then each point's height from
 *       {@link AltitudeProfile#knotHeight} at its {@code arclen}; for {@code noise} and
 *       {@code flat}, the profile at each point's {@code arclen} directly. Streams
 *       {@link #STREAM_UNIFORM}, {@link #STREAM_WALK}, {@link #STREAM_NOISE}, seeded by {@code seeds[e]}.</li>
 *   <li>Bank angles {@code bank} (when {@code bankK = v^2 / g > 0}): the target
 *       {@code atan(bankK * kappa_i)} from the signed Menger curvature (positive turning left),
 *       clamped to {@code [-bankMax, bankMax]}, eased by a centred circular moving average over
 *       {@code 2 w + 1} points ({@code w = min(bankWindow, (cn - 1) / 2)}, sum in double), clamped
 *       again; the target passes through the {@code outerZ} row, which step 3 overwrites. 0 otherwise.</li>
 *   <li>Border heights: {@code z_left = z - w_l tan(bank)} on the {@code +normal} side and
 *       {@code z_right = z + w_r tan(bank)} on the other, stored as {@code outerZ} / {@code innerZ}
 *       by the side the inflation made outer (the plan-view borders do not move).</li>
 *   <li>3D arc length and tangent: {@code arclen3d} sums (in double) the chords
 *       {@code |(ds, dz)|} with {@code ds} the plan-view chord ({@link ArcLengthKernel}'s floats);
 *       {@code length3d[e]} closes the loop; {@code tangent3d} is {@code (t.x, t.y, g) / sqrt(1 + g^2)},
 *       {@code g = (z_(i+1) - z_(i-1)) / (ds_(i-1) + ds_i)}.</li>
 *   <li>Validity: a track the inflation passed stays valid only if every centerline edge has
 *       {@code |dz| <= validGrade * ds} (when {@code validGrade > 0}) and every bank
 *       {@code |bank| <= bankMax} (when banking); NaN heights fail.</li>
 * </ol>
 * At the flat default every height is {@code zBase}, every bank 0, {@code arclen3d} equals
 * {@code arclen} and {@code tangent3d} the plan tangent with {@code z = 0}; {@code valid} is untouched.
 * There ({@code profile = flat}, {@code bankK = 0}) step 4 copies {@code arclen}, {@code length} and the
 * plan tangent instead of recomputing them: the same bits without the chords' square roots and
 * the grades' divisions (docs/elevation.md, "Cost").
 *
 * <p>Shapes: {@code center, normal, tangent, outer: [E*nMax]} pairs; {@code left, right, arclen,
 * centerZ, outerZ, innerZ, bank, arclen3d: [E*nMax]} floats; {@code tangent3d: [3*E*nMax]};
 * {@code knotS, knotZ: [E*knots]}; {@code length, length3d, count, seeds, valid: [E]}. Heights in
 * world units, angles in radians. NaN past {@code count[e]}.
 */
public final class ElevationKernel extends ElevationKernelBase {
    /** The kernel instance. */
    public static final ElevationKernel INSTANCE = new ElevationKernel();

    /** Random stream of the track's uniform knots. */
    @CudaConstant("TG_STREAM_ELEV_UNIFORM")
    public static final int STREAM_UNIFORM = 17383;
    /** Random stream of the track's random-walk knots. */
    @CudaConstant("TG_STREAM_ELEV_WALK")
    public static final int STREAM_WALK = 17387;
    /** Random stream of the track's noise harmonics. */
    @CudaConstant("TG_STREAM_ELEV_NOISE")
    public static final int STREAM_NOISE = 17389;

    private ElevationKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_elevation(@In Vec2Array center, @In Vec2Array normal, @In Vec2Array tangent, @In F32Array left,
                @In F32Array right, @In Vec2Array outer, @In F32Array arclen, @In F32Array length,
                @In I32Array count, @In I32Array seeds, int nMax, int profile, float zBase, float zMin, float zMax,
                float zMaxStep, float zNoiseAmp, int zHarmonics, int knots, float validGrade, float bankK,
                float bankMax, int bankWindow, @Out F32Array knotS, @Out F32Array knotZ, @Out F32Array centerZ,
                @Out F32Array outerZ, @Out F32Array innerZ, @Out F32Array bank, @Out F32Array arclen3d,
                @Out F32Array length3d, @Out F32Array tangent3d, @InOut I32Array valid);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] n, float[] tan, float[] wl, float[] wr, float[] outer,
                       float[] arclen, float[] length, int[] count, int[] seeds, int nMax, int profile, float zBase,
                       float zMin, float zMax, float zMaxStep, float zNoiseAmp, int zHarmonics, int knots,
                       float validGrade, float bankK, float bankMax, int bankWindow, float[] knotS, float[] knotZ,
                       float[] z, float[] outerZ, float[] innerZ, float[] bank, float[] arclen3d, float[] length3d,
                       float[] tangent3d, int[] valid) {
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            float perim = length[e];
            int seed = seeds[e];
            // 1. centerline heights
            if (profile == AltitudeProfile.UNIFORM || profile == AltitudeProfile.RANDOM_WALK) {
                int kb = e * knots;
                for (int j = 0; j < knots; j++) {
                    knotS[kb + j] = perim * j / knots;
                }
                AltitudeProfile.fill(profile, seed, STREAM_UNIFORM, STREAM_WALK, STREAM_NOISE, knotS, kb, knots, perim,
                        zBase, zMin, zMax, zMaxStep, zNoiseAmp, zHarmonics, knotZ, kb);
                for (int i = 0; i < cn; i++) {
                    z[b + i] = AltitudeProfile.knotHeight(knotZ, kb, knots, perim, arclen[b + i]);
                }
            } else {
                AltitudeProfile.fill(profile, seed, STREAM_UNIFORM, STREAM_WALK, STREAM_NOISE, arclen, b, cn, perim,
                        zBase, zMin, zMax, zMaxStep, zNoiseAmp, zHarmonics, z, b);
            }
            // 2. bank angles (the target passes through the outerZ row)
            if (bankK > 0.0f && cn >= 3) {
                for (int i = 0; i < cn; i++) {
                    int ip = 2 * (b + (i == 0 ? cn - 1 : i - 1));
                    int ic = 2 * (b + i);
                    int in = 2 * (b + (i + 1 == cn ? 0 : i + 1));
                    float k = Geometry.menger(c[ip], c[ip + 1], c[ic], c[ic + 1], c[in], c[in + 1]);
                    float turn = Geometry.cross(c[ic] - c[ip], c[ic + 1] - c[ip + 1], c[in] - c[ic], c[in + 1] - c[ic + 1]);
                    float signed = turn < 0.0f ? -k : k;
                    float target = (float) StrictMath.atan(bankK * signed);
                    outerZ[b + i] = Math.min(Math.max(target, -bankMax), bankMax);
                }
                int w = Math.min(bankWindow, (cn - 1) / 2);
                double sum = 0.0;
                for (int j = -w; j <= w; j++) {
                    sum += outerZ[b + (j + cn) % cn];
                }
                double span = 2 * w + 1;
                for (int i = 0; i < cn; i++) {
                    float avg = (float) (sum / span);
                    bank[b + i] = Math.min(Math.max(avg, -bankMax), bankMax);
                    sum += outerZ[b + (i + w + 1) % cn];
                    sum -= outerZ[b + (i - w + cn) % cn];
                }
            } else {
                for (int i = 0; i < cn; i++) {
                    bank[b + i] = 0.0f;
                }
            }
            // 3. border heights
            boolean plusOuter = cn > 0 && outer[2 * b] == c[2 * b] + wl[b] * n[2 * b]
                    && outer[2 * b + 1] == c[2 * b + 1] + wl[b] * n[2 * b + 1];
            float[] po = plusOuter ? outerZ : innerZ;
            float[] mo = plusOuter ? innerZ : outerZ;
            for (int i = 0; i < cn; i++) {
                float bk = bank[b + i];
                float tb = bk == 0.0f ? bk : (float) StrictMath.tan(bk); // tan(+-0) = +-0
                po[b + i] = z[b + i] - wl[b + i] * tb;
                mo[b + i] = z[b + i] + wr[b + i] * tb;
            }
            // 4. 3D arc length and tangent
            boolean ok;
            if (profile == AltitudeProfile.FLAT && !(bankK > 0.0f)) {
                level(tan, arclen, length, cn, b, e, arclen3d, length3d, tangent3d);
                // every dz is 0: the grade bound fails only on a NaN chord, which makes the length NaN
                ok = !(validGrade > 0.0f && Float.isNaN(length[e]));
            } else {
                ok = lifted(c, tan, z, bank, cn, b, e, validGrade, bankK, bankMax, arclen3d, length3d, tangent3d);
            }
            for (int i = cn; i < nMax; i++) {
                z[b + i] = Float.NaN;
                outerZ[b + i] = Float.NaN;
                innerZ[b + i] = Float.NaN;
                bank[b + i] = Float.NaN;
                arclen3d[b + i] = Float.NaN;
                tangent3d[3 * (b + i)] = Float.NaN;
                tangent3d[3 * (b + i) + 1] = Float.NaN;
                tangent3d[3 * (b + i) + 2] = Float.NaN;
            }
            if (!ok) {
                valid[e] = 0;
            }
        }
    }

    /**
     * Step 4 at the flat, unbanked default without its arithmetic: every {@code dz} and every grade
     * is 0, so each 3D chord {@code |(ds, 0)|} is the plan chord {@code ds} (in float
     * {@code sqrt(ds * ds) == ds} for every chord above 1e-19 world units, without underflow) and
     * the sums are the {@link ArcLengthKernel}'s bit for bit; the tangent is {@code (t.x, t.y, g) / sqrt(1 + g^2)}
     * at {@code g = +0}: {@code (t.x, t.y, +0)}.
     */
    private static void level(float[] tan, float[] arclen, float[] length, int cn, int b, int e, float[] arclen3d,
                              float[] length3d, float[] tangent3d) {
        for (int i = 0; i < cn; i++) {
            arclen3d[b + i] = arclen[b + i];
            tangent3d[3 * (b + i)] = tan[2 * (b + i)];
            tangent3d[3 * (b + i) + 1] = tan[2 * (b + i) + 1];
            tangent3d[3 * (b + i) + 2] = 0.0f;
        }
        length3d[e] = length[e];
    }

    /**
     * Step 4 in general (also the bridge stage's, after its lift); returns false when an edge breaks
     * the grade bound or a bank the bank bound ({@code bankK > 0}).
     */
    static boolean lifted(float[] c, float[] tan, float[] z, float[] bank, int cn, int b, int e,
                                  float validGrade, float bankK, float bankMax, float[] arclen3d, float[] length3d,
                                  float[] tangent3d) {
        double acc = 0.0;
        boolean ok = true;
        // the chord into point i: the closing chord for point 0, then the previous iteration's
        float dsp = cn > 0 ? Geometry.length(c[2 * b] - c[2 * (b + cn - 1)], c[2 * b + 1] - c[2 * (b + cn - 1) + 1])
                : 0.0f;
        for (int i = 0; i < cn; i++) {
            arclen3d[b + i] = (float) acc;
            int in = i + 1 == cn ? 0 : i + 1;
            int ip = i == 0 ? cn - 1 : i - 1;
            float ds = Geometry.length(c[2 * (b + in)] - c[2 * (b + i)], c[2 * (b + in) + 1] - c[2 * (b + i) + 1]);
            float dz = z[b + in] - z[b + i];
            acc += Geometry.length(ds, dz);
            float den = dsp + ds;
            float g = den > 0.0f ? (z[b + in] - z[b + ip]) / den : 0.0f;
            float inv = 1.0f / (float) Math.sqrt(1.0f + g * g);
            tangent3d[3 * (b + i)] = tan[2 * (b + i)] * inv;
            tangent3d[3 * (b + i) + 1] = tan[2 * (b + i) + 1] * inv;
            tangent3d[3 * (b + i) + 2] = g * inv;
            if (validGrade > 0.0f && !(Math.abs(dz) <= validGrade * ds)) {
                ok = false;
            }
            if (bankK > 0.0f && !(Math.abs(bank[b + i]) <= bankMax)) {
                ok = false;
            }
            dsp = ds;
        }
        length3d[e] = (float) acc;
        return ok;
    }
}
