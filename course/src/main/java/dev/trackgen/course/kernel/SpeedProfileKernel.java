package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.course.kernel.CourseProgressKernels;

/**
 * The three-pass racing speed profile, one thread per env ({@code dim = E}).
 *
 * <p>{@code tg_course_speed_profile(kappa, arclen, length, count, nMax, aLat, aAccel, aBrake, vCap,
 * speed)}, per env with {@code cn = count[e] >= 3} points and edge lengths {@code ds_i} from point
 * {@code i} to {@code i + 1 (mod cn)} (from {@code arclen} and {@code length}):
 * <ol>
 *   <li>lateral limit {@code v_i = min(vCap, sqrt(aLat / |kappa_i|))} ({@code vCap} where
 *       {@code kappa_i = 0});</li>
 *   <li>forward pass from the slowest point {@code i0} once around the loop:
 *       {@code v_i = min(v_i, sqrt(v_{i-1}^2 + 2 aAccel ds_{i-1}))};</li>
 *   <li>backward pass from the slowest point of the result once around the loop:
 *       {@code v_i = min(v_i, sqrt(v_{i+1}^2 + 2 aBrake ds_i))}.</li>
 * </ol>
 * Starting each pass at the slowest point makes one lap its fixed point on the closed loop: that
 * point cannot be lowered by its neighbours, so going round again changes nothing (the tests
 * compare with passes iterated until nothing changes, in double). Padding slots, and every slot of
 * an env with fewer than 3 points or a NaN curvature, get NaN.
 *
 * <p>With {@code gravity > 0} (world units per second squared; {@code SpeedProfile.Builder.grade})
 * the profile runs on the road's surface: {@code arclen} and {@code length} are then the 3D ones
 * ({@code Track.arclen3d()}, {@code length3d()}), {@code z} the heights ({@code Track.centerZ()}),
 * {@code bank} the banks ({@code Track.bank()}); the lateral limit is the banked curve's
 * {@code (aLat + g tan b) / (1 - (aLat / g) tan b)}, {@code b} the bank towards the turn (as in
 * {@code RacelineSpeedKernel.bankedLateral}); the forward pass takes {@code 2 g dz} from
 * {@code v^2} along an edge rising {@code dz} ({@code v_i^2 = v_{i-1}^2 + 2 aAccel ds - 2 g dz},
 * 0 where negative) and the backward pass gives it ({@code v_i^2 = v_{i+1}^2 + 2 aBrake ds + 2 g dz});
 * each pass goes round twice from its slowest point (the heights cancel round the loop, so the
 * second lap is the fixed point). NaN heights or banks give NaN. With {@code gravity = 0} (the
 * default) {@code z} and {@code bank} are not read and the profile is the plan-view one above.
 *
 * <p>Shapes: {@code kappa, arclen, z, bank, speed: [E*nMax]}, {@code length, count: [E]}.
 */
public final class SpeedProfileKernel extends SpeedProfileKernelBase {
    /** The kernel instance. */
    public static final SpeedProfileKernel INSTANCE = new SpeedProfileKernel();

    private SpeedProfileKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_course_speed_profile(@In F32Array kappa, @In F32Array arclen, @In F32Array length, @In I32Array count, int nMax,
                                     float aLat, float aAccel, float aBrake, float vCap, @In F32Array z,
                                     @In F32Array bank, float gravity, @Out F32Array speed);
    }

    @Override
    protected void run(int begin, int end, float[] kappa, float[] arclen, float[] length, int[] count, int nMax,
                       float aLat, float aAccel, float aBrake, float vCap, float[] z, float[] bank, float gravity,
                       float[] speed) {
        if (gravity > 0.0f) {
            for (int e = begin; e < end; e++) {
                lifted(kappa, arclen, length, count, nMax, aLat, aAccel, aBrake, vCap, z, bank, gravity, speed, e);
            }
        } else {
            profile(kappa, arclen, length, count, nMax, aLat, aAccel, aBrake, vCap, speed, begin, end);
        }
    }

    /**
     * Speed reached over {@code ds} from {@code v} with longitudinal limit {@code a}, losing
     * {@code rise = 2 g dz} of {@code v^2} to the climb; 0 where nothing is left.
     */
    private static float climb(float v, float a, float ds, float rise) {
        float r2 = v * v + 2.0f * a * ds - rise;
        return r2 > 0.0f ? (float) Math.sqrt(r2) : 0.0f;
    }

    static void lifted(float[] kappa, float[] arclen, float[] length, int[] count, int nMax, float aLat, float aAccel,
                       float aBrake, float vCap, float[] z, float[] bank, float gravity, float[] v, int e) {
        int b = e * nMax;
        int cn = count[e];
        boolean ok = cn >= 3;
        for (int i = 0; ok && i < cn; i++) {
            if (!(kappa[b + i] - kappa[b + i] == 0.0f) || !(z[b + i] - z[b + i] == 0.0f)
                    || !(bank[b + i] - bank[b + i] == 0.0f)) {
                ok = false;
            }
        }
        if (!ok) {
            for (int i = 0; i < nMax; i++) {
                v[b + i] = Float.NaN;
            }
            return;
        }
        float lap = length[e];
        int i0 = 0;
        for (int i = 0; i < cn; i++) {
            float k = Math.abs(kappa[b + i]);
            float lat = RacelineSpeedKernel.bankedLateral(aLat, gravity, bank[b + i], kappa[b + i]);
            float lim = k > 0.0f ? Math.min(vCap, (float) Math.sqrt(lat / k)) : vCap;
            v[b + i] = lim;
            if (lim < v[b + i0]) {
                i0 = i;
            }
        }
        float g2 = 2.0f * gravity;
        int ip = i0;
        int i = i0 + 1 == cn ? 0 : i0 + 1;
        for (int m = 1; m < 2 * cn; m++) {
            float ds = (ip + 1 == cn ? lap : arclen[b + ip + 1]) - arclen[b + ip];
            float reach = climb(v[b + ip], aAccel, ds, g2 * (z[b + i] - z[b + ip]));
            if (reach < v[b + i]) {
                v[b + i] = reach;
            }
            ip = i;
            i = i + 1 == cn ? 0 : i + 1;
        }
        i0 = 0;
        for (int m = 1; m < cn; m++) {
            if (v[b + m] < v[b + i0]) {
                i0 = m;
            }
        }
        int in = i0;
        i = i0 == 0 ? cn - 1 : i0 - 1;
        for (int m = 1; m < 2 * cn; m++) {
            float ds = (i + 1 == cn ? lap : arclen[b + i + 1]) - arclen[b + i];
            float reach = climb(v[b + in], aBrake, ds, g2 * (z[b + i] - z[b + in]));
            if (reach < v[b + i]) {
                v[b + i] = reach;
            }
            in = i;
            i = i == 0 ? cn - 1 : i - 1;
        }
        for (int p = cn; p < nMax; p++) {
            v[b + p] = Float.NaN;
        }
    }

    static void profile(float[] kappa, float[] arclen, float[] length, int[] count, int nMax, float aLat, float aAccel,
                        float aBrake, float vCap, float[] v, int begin, int end) {
        for (int e = begin; e < end; e++) {
            int b = e * nMax;
            int cn = count[e];
            boolean ok = cn >= 3;
            for (int i = 0; ok && i < cn; i++) {
                if (!(kappa[b + i] - kappa[b + i] == 0.0f)) {
                    ok = false;
                }
            }
            if (!ok) {
                for (int i = 0; i < nMax; i++) {
                    v[b + i] = Float.NaN;
                }
                continue;
            }
            float lap = length[e];
            int i0 = 0;
            for (int i = 0; i < cn; i++) {
                float k = Math.abs(kappa[b + i]);
                float lim = k > 0.0f ? Math.min(vCap, (float) Math.sqrt(aLat / k)) : vCap;
                v[b + i] = lim;
                if (lim < v[b + i0]) {
                    i0 = i;
                }
            }
            int ip = i0;
            int i = i0 + 1 == cn ? 0 : i0 + 1;
            for (int m = 1; m < cn; m++) {
                float ds = (ip + 1 == cn ? lap : arclen[b + ip + 1]) - arclen[b + ip];
                float vp = v[b + ip];
                float reach = (float) Math.sqrt(vp * vp + 2.0f * aAccel * ds);
                if (reach < v[b + i]) {
                    v[b + i] = reach;
                }
                ip = i;
                i = i + 1 == cn ? 0 : i + 1;
            }
            i0 = 0;
            for (int m = 1; m < cn; m++) {
                if (v[b + m] < v[b + i0]) {
                    i0 = m;
                }
            }
            int in = i0;
            i = i0 == 0 ? cn - 1 : i0 - 1;
            for (int m = 1; m < cn; m++) {
                float ds = (i + 1 == cn ? lap : arclen[b + i + 1]) - arclen[b + i];
                float vn = v[b + in];
                float reach = (float) Math.sqrt(vn * vn + 2.0f * aBrake * ds);
                if (reach < v[b + i]) {
                    v[b + i] = reach;
                }
                in = i;
                i = i == 0 ? cn - 1 : i - 1;
            }
            for (int p = cn; p < nMax; p++) {
                v[b + p] = Float.NaN;
            }
        }
    }
}
