package dev.trackgen.course.profile;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.course.progress.CourseProgressKernels;

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
 * <p>Shapes: {@code kappa, arclen, speed: [E*nMax]}, {@code length, count: [E]}.
 */
public final class SpeedProfileKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final SpeedProfileKernel INSTANCE = new SpeedProfileKernel();

    private SpeedProfileKernel() {
        super("tg_course_speed_profile", CourseProgressKernels.PTX, KernelParam.f32("kappa"), KernelParam.f32("arclen"),
                KernelParam.f32("length"), KernelParam.i32("count"), KernelParam.intValue("nMax"),
                KernelParam.floatValue("aLat"), KernelParam.floatValue("aAccel"), KernelParam.floatValue("aBrake"),
                KernelParam.floatValue("vCap"), KernelParam.f32("speed"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] kappa = a.f32(0);
        float[] arclen = a.f32(1);
        float[] length = a.f32(2);
        int[] count = a.i32(3);
        int nMax = a.intValue(4);
        float aLat = a.floatValue(5);
        float aAccel = a.floatValue(6);
        float aBrake = a.floatValue(7);
        float vCap = a.floatValue(8);
        float[] v = a.f32(9);
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
