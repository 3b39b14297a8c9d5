package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Forward-backward velocity profile under a friction circle, its longitudinal acceleration and the
 * lap time, on any closed line (a racing line, a centerline), one thread per env ({@code dim = E}).
 *
 * <p>{@code tg_raceline_speed(points, kappa, count, nMax, aLat, aAccel, aBrake, vMax, scale, z, bank,
 * offset, lift, gravity, speed, accel, lapTime)}: the line's coordinates and curvature are in world
 * units and {@code scale} metres per world unit; speeds are in m/s and accelerations in m/s^2. With
 * {@code lift = }{@link #PLAN} (the plan-view profile, the default of {@code RacingLine}), per env with
 * {@code cn = count[e] >= 3} points, edge {@code ds_i = scale |p_{i+1} - p_i|} (metres) and
 * curvature {@code k_i = |kappa_i| / scale} (1/m):
 * <ol>
 *   <li>lateral limit {@code v_i = min(vMax, sqrt(aLat / k_i))};</li>
 *   <li>forward from the slowest point once around the loop, accelerating with what the friction
 *       circle leaves: {@code v_{i+1} = min(v_{i+1}, sqrt(v_i^2 + 2 ds_i aAccel
 *       sqrt(1 - u_i^2)))} with the lateral use {@code u_i = v_i^2 k_i / aLat} (no grip left where
 *       {@code u_i >= 0.999999}, within float rounding of the limit);</li>
 *   <li>backward from the slowest point of the result, braking likewise:
 *       {@code v_i = min(v_i, sqrt(v_{i+1}^2 + 2 ds_i aBrake sqrt(1 - u_{i+1}^2)))};</li>
 *   <li>{@code accel_i = (v_{i+1}^2 - v_i^2) / (2 ds_i)} and
 *       {@code lapTime = sum_i 2 ds_i / (v_i + v_{i+1})} (constant acceleration on each edge;
 *       the sum in double).</li>
 * </ol>
 * As in the centerline profile ({@link SpeedProfileKernel}), starting each pass at the slowest
 * point makes one lap the fixed point of the pass on the closed loop: a pass never lowers a speed
 * below its start, so going round again changes nothing. Envs with fewer than 3 points, a NaN point or a NaN
 * curvature get NaN everywhere; padding slots get NaN.
 *
 * <p>With {@code lift = }{@link #CENTER} or {@link #OFFSET} the profile runs on the road's surface
 * ({@code RacingLine.Builder.grade}; point-mass mechanics of the inclined plane and of the banked
 * curve with friction, e.g. Halliday, Resnick and Walker, "Fundamentals of Physics"), with the
 * line's heights {@code h_i} (world units: {@code z_i}, or {@code z_i - offset_i tan(bank_i)} on
 * the banked surface) and {@code gravity} in m/s^2:
 * <ol>
 *   <li>edges are 3D chords {@code ds_i = scale |(p, h)_{i+1} - (p, h)_i|} and
 *       {@code dz_i = scale (h_{i+1} - h_i)};</li>
 *   <li>the lateral limit is the banked curve's, {@code aLat_i = (aLat + g tan b) / (1 - (aLat / g)
 *       tan b)} (that is {@code g (mu cos b + sin b) / (cos b - mu sin b)}, {@code mu = aLat / g}),
 *       {@code b = bank_i} signed towards the turn ({@code -bank_i} where {@code kappa_i < 0}):
 *       unbounded where the denominator is not positive, 0 where the numerator is not; the
 *       friction circle's use is {@code u_i = v_i^2 k_i / aLat_i};</li>
 *   <li>forward: {@code v_{i+1} = min(v_{i+1}, sqrt(max(0, v_i^2 + 2 ds_i aAccel sqrt(1 - u_i^2)
 *       - 2 g dz_i)))}; backward: {@code v_i = min(v_i, sqrt(max(0, v_{i+1}^2 + 2 ds_i aBrake
 *       sqrt(1 - u_{i+1}^2) + 2 g dz_i)))}: a climb costs speed when accelerating and helps
 *       braking; each pass goes round twice from its slowest point (a climb can lower the start's
 *       own speed; the heights cancel round the loop, so the second lap is the fixed point);</li>
 *   <li>{@code accel} and the lap time as above on the 3D chords (the heights go through the
 *       {@code accel} row until then). A NaN height, bank or offset gives NaN everywhere; where a
 *       climb is steeper than the vehicle can pull the speed falls to 0 (and the lap time is then
 *       infinite).</li>
 * </ol>
 * On a flat, unbanked line the lifted profile equals the plan one bit for bit.
 *
 * <p>Shapes: {@code points: [E * nMax]} pairs; {@code kappa, z, bank, offset, speed, accel:
 * [E * nMax]}; {@code count, lapTime: [E]}. {@code z}, {@code bank} and {@code offset} are read only
 * when {@code lift != PLAN}, {@code offset} only when {@code lift == OFFSET}.
 */
public final class RacelineSpeedKernel extends RacelineSpeedKernelBase {
    /** The kernel instance. */
    public static final RacelineSpeedKernel INSTANCE = new RacelineSpeedKernel();

    /**
     * Lateral use of the friction circle from which no longitudinal grip is left: a speed set to its
     * point's lateral limit comes back within float rounding of 1, where {@code sqrt(1 - use^2)}
     * would turn a rounding error of 1e-7 into grip of 1e-3 or more.
     */
    static final float FULL_GRIP = 0.999999f;

    /** {@code lift}: the plan-view profile; {@code z}, {@code bank}, {@code offset} and {@code gravity} are not read. */
    public static final int PLAN = 0;
    /** {@code lift}: the profile on the road's surface, the line's heights and banks {@code z[i]}, {@code bank[i]} (a centerline). */
    public static final int CENTER = 1;
    /**
     * {@code lift}: the profile on the road's surface along a line offset from the centerline by
     * {@code offset[i]} along its normal: heights {@code z[i] - offset[i] tan(bank[i])} (the banked
     * surface of the elevation stage), banks {@code bank[i]} (a racing line).
     */
    public static final int OFFSET = 2;

    private RacelineSpeedKernel() {
    }

    @KernelSignature(ptx = RacelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_raceline_speed(@In Vec2Array points, @In F32Array kappa, @In I32Array count, int nMax, float aLat,
                               float aAccel, float aBrake, float vMax, float scale, @In F32Array z,
                               @In F32Array bank, @In F32Array offset, int lift, float gravity,
                               @Out F32Array speed, @Out F32Array accel, @Out F32Array lapTime);
    }

    @Override
    protected void run(int begin, int end, float[] points, float[] kappa, int[] count, int nMax, float aLat,
                       float aAccel, float aBrake, float vMax, float scale, float[] z, float[] bank, float[] offset,
                       int lift, float gravity, float[] speed, float[] accel, float[] lapTime) {
        for (int e = begin; e < end; e++) {
            if (lift == PLAN) {
                profile(points, kappa, count, nMax, aLat, aAccel, aBrake, vMax, scale, speed, accel, lapTime, e);
            } else {
                lifted(points, kappa, count, nMax, aLat, aAccel, aBrake, vMax, scale, z, bank, offset, lift, gravity,
                        speed, accel, lapTime, e);
            }
        }
    }

    private static float edge(float[] p, int i, int j, float scale) {
        float dx = p[2 * j] - p[2 * i];
        float dy = p[2 * j + 1] - p[2 * i + 1];
        return scale * (float) Math.sqrt(dx * dx + dy * dy);
    }

    private static float reach(float v, float k, float ds, float aLat, float aLong) {
        float use = v * v * k / aLat;
        float left = use >= FULL_GRIP ? 0.0f : (float) Math.sqrt(1.0f - use * use);
        return (float) Math.sqrt(v * v + 2.0f * ds * aLong * left);
    }

    static void profile(float[] p, float[] kappa, int[] count, int nMax, float aLat, float aAccel, float aBrake,
                        float vMax, float scale, float[] v, float[] a, float[] lapTime, int e) {
        int b = e * nMax;
        int cn = count[e];
        boolean ok = cn >= 3;
        for (int i = 0; ok && i < cn; i++) {
            if (!(kappa[b + i] - kappa[b + i] == 0.0f) || !(p[2 * (b + i)] - p[2 * (b + i)] == 0.0f)
                    || !(p[2 * (b + i) + 1] - p[2 * (b + i) + 1] == 0.0f)) {
                ok = false;
            }
        }
        if (!ok) {
            for (int i = 0; i < nMax; i++) {
                v[b + i] = Float.NaN;
                a[b + i] = Float.NaN;
            }
            lapTime[e] = Float.NaN;
            return;
        }
        int i0 = 0;
        for (int i = 0; i < cn; i++) {
            float k = Math.abs(kappa[b + i]) / scale;
            float lim = k > 0.0f ? Math.min(vMax, (float) Math.sqrt(aLat / k)) : vMax;
            v[b + i] = lim;
            if (lim < v[b + i0]) {
                i0 = i;
            }
        }
        int ip = i0;
        int i = i0 + 1 == cn ? 0 : i0 + 1;
        for (int m = 1; m < cn; m++) {
            float r = reach(v[b + ip], Math.abs(kappa[b + ip]) / scale, edge(p, b + ip, b + i, scale), aLat, aAccel);
            if (r < v[b + i]) {
                v[b + i] = r;
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
            float r = reach(v[b + in], Math.abs(kappa[b + in]) / scale, edge(p, b + i, b + in, scale), aLat, aBrake);
            if (r < v[b + i]) {
                v[b + i] = r;
            }
            in = i;
            i = i == 0 ? cn - 1 : i - 1;
        }
        double t = 0.0;
        for (int j = 0; j < cn; j++) {
            int jn = j + 1 == cn ? 0 : j + 1;
            float ds = edge(p, b + j, b + jn, scale);
            float vj = v[b + j];
            float vn = v[b + jn];
            a[b + j] = ds > 0.0f ? (vn * vn - vj * vj) / (2.0f * ds) : 0.0f;
            t += 2.0f * ds / (vj + vn);
        }
        lapTime[e] = (float) t;
        for (int j = cn; j < nMax; j++) {
            v[b + j] = Float.NaN;
            a[b + j] = Float.NaN;
        }
    }

    /**
     * Lateral acceleration a banked road holds at a turn of signed curvature {@code kappa}: the
     * banked-curve limit {@code g (mu cos b + sin b) / (cos b - mu sin b)} with {@code mu = aLat / g}
     * and {@code b} the bank towards the turn's centre, written as {@code (aLat + g tan b) / (1 - mu tan b)}:
     * {@code aLat} at {@code b = 0}; unbounded ({@code +inf}) where the denominator is not positive
     * (a bank of {@code atan(1 / mu)} or more holds any speed); 0 where the numerator is not (a bank
     * away from the turn steeper than {@code atan(mu)}).
     */
    static float bankedLateral(float aLat, float gravity, float bk, float kappa) {
        float b = kappa < 0.0f ? -bk : bk;
        float t = b == 0.0f ? 0.0f : (float) StrictMath.tan(b);
        float num = aLat + gravity * t;
        float den = 1.0f - aLat * t / gravity;
        if (!(num > 0.0f)) {
            return 0.0f;
        }
        return den > 0.0f ? num / den : Float.POSITIVE_INFINITY;
    }

    /** The 3D chord from {@code i} to {@code j}, metres; {@code h} holds the heights (world units). */
    private static float edge3(float[] p, float[] h, int i, int j, float scale) {
        float dx = p[2 * j] - p[2 * i];
        float dy = p[2 * j + 1] - p[2 * i + 1];
        float dz = h[j] - h[i];
        return scale * (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * Speed reached at the end of a 3D chord {@code ds} (metres) from speed {@code v} at a point of
     * curvature {@code k} (1/m) and lateral limit {@code lat}, with longitudinal limit {@code aLong}
     * scaled by the friction circle, losing {@code rise = 2 g dz} of {@code v^2} to the climb
     * ({@code dz} metres towards the end point; negative downhill); 0 where nothing is left.
     */
    private static float climb(float v, float k, float lat, float ds, float aLong, float rise) {
        float use = k > 0.0f ? (lat > 0.0f ? v * v * k / lat : 1.0f) : 0.0f;
        float left = use >= FULL_GRIP ? 0.0f : (float) Math.sqrt(1.0f - use * use);
        float r2 = v * v + 2.0f * ds * aLong * left - rise;
        return r2 > 0.0f ? (float) Math.sqrt(r2) : 0.0f;
    }

    static void lifted(float[] p, float[] kappa, int[] count, int nMax, float aLat, float aAccel, float aBrake,
                       float vMax, float scale, float[] z, float[] bank, float[] off, int lift, float gravity,
                       float[] v, float[] a, float[] lapTime, int e) {
        int b = e * nMax;
        int cn = count[e];
        boolean ok = cn >= 3;
        for (int i = 0; ok && i < cn; i++) {
            float o = lift == OFFSET ? off[b + i] : 0.0f;
            if (!(kappa[b + i] - kappa[b + i] == 0.0f) || !(p[2 * (b + i)] - p[2 * (b + i)] == 0.0f)
                    || !(p[2 * (b + i) + 1] - p[2 * (b + i) + 1] == 0.0f) || !(z[b + i] - z[b + i] == 0.0f)
                    || !(bank[b + i] - bank[b + i] == 0.0f) || !(o - o == 0.0f)) {
                ok = false;
            }
        }
        if (!ok) {
            for (int i = 0; i < nMax; i++) {
                v[b + i] = Float.NaN;
                a[b + i] = Float.NaN;
            }
            lapTime[e] = Float.NaN;
            return;
        }
        // the line's heights go through the acceleration row until the end
        for (int i = 0; i < cn; i++) {
            float h = z[b + i];
            if (lift == OFFSET) {
                float bk = bank[b + i];
                float tb = bk == 0.0f ? bk : (float) StrictMath.tan(bk);
                h = h - off[b + i] * tb;
            }
            a[b + i] = h;
        }
        int i0 = 0;
        for (int i = 0; i < cn; i++) {
            float k = Math.abs(kappa[b + i]) / scale;
            float lat = bankedLateral(aLat, gravity, bank[b + i], kappa[b + i]);
            float lim = k > 0.0f ? Math.min(vMax, (float) Math.sqrt(lat / k)) : vMax;
            v[b + i] = lim;
            if (lim < v[b + i0]) {
                i0 = i;
            }
        }
        float g2 = 2.0f * gravity * scale;
        int ip = i0;
        int i = i0 + 1 == cn ? 0 : i0 + 1;
        for (int m = 1; m < 2 * cn; m++) {
            float lat = bankedLateral(aLat, gravity, bank[b + ip], kappa[b + ip]);
            float r = climb(v[b + ip], Math.abs(kappa[b + ip]) / scale, lat, edge3(p, a, b + ip, b + i, scale),
                    aAccel, g2 * (a[b + i] - a[b + ip]));
            if (r < v[b + i]) {
                v[b + i] = r;
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
            float lat = bankedLateral(aLat, gravity, bank[b + in], kappa[b + in]);
            float r = climb(v[b + in], Math.abs(kappa[b + in]) / scale, lat, edge3(p, a, b + i, b + in, scale),
                    aBrake, g2 * (a[b + i] - a[b + in]));
            if (r < v[b + i]) {
                v[b + i] = r;
            }
            in = i;
            i = i == 0 ? cn - 1 : i - 1;
        }
        double t = 0.0;
        float h0 = a[b];
        for (int j = 0; j < cn; j++) {
            int jn = j + 1 == cn ? 0 : j + 1;
            float hn = jn == 0 ? h0 : a[b + jn];
            float dx = p[2 * (b + jn)] - p[2 * (b + j)];
            float dy = p[2 * (b + jn) + 1] - p[2 * (b + j) + 1];
            float dz = hn - a[b + j];
            float ds = scale * (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            float vj = v[b + j];
            float vn = v[b + jn];
            a[b + j] = ds > 0.0f ? (vn * vn - vj * vj) / (2.0f * ds) : 0.0f;
            t += 2.0f * ds / (vj + vn);
        }
        lapTime[e] = (float) t;
        for (int j = cn; j < nMax; j++) {
            v[b + j] = Float.NaN;
            a[b + j] = Float.NaN;
        }
    }
}
