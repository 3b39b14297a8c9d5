package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.props.PropSet;

/**
 * Cones and wall pieces along both borders, one thread per ring ({@code dim = 2E}; ring
 * {@code r = 2e + b}, {@code b} 0 inner, 1 outer).
 *
 * <p>{@code tg_props_place(inner, outer, count, nMax, spacing, maxProps, conePosition, coneYaw,
 * wallCenter, wallYaw, wallLength, propCount, truncated, step)}; shapes: borders {@code [E*nMax]}
 * pairs, {@code count: [E]}; per prop {@code [2E*maxProps]} (slot {@code r * maxProps + k});
 * per ring {@code [2E]}. Semantics are those of {@link PropSet}.
 *
 * <p>The ring's perimeter {@code P} is summed in double; {@code n = clamp(round(P / spacing), 3,
 * maxProps)}; cone {@code k} lies at arc length {@code k P / n} from border point 0, yawed along
 * its border segment; wall {@code k} is the chord from cone {@code k} to cone {@code k + 1 mod n}.
 * Heights: {@code coneZ} interpolates the border's heights ({@code innerZ} / {@code outerZ}, the
 * elevation stage's) linearly along the segment as the position does, so a cone sits on the road
 * surface; {@code wallZ} is the midpoint of its two cones' heights. {@code z_base} (0) on a flat
 * track.
 */
public final class PropsKernel extends PropsKernelBase {
    /** The kernel instance. */
    public static final PropsKernel INSTANCE = new PropsKernel();

    /** PTX resource of the CUDA C body ({@code course/src/main/cuda/course_props.cu}). */
    public static final String PTX = "trackgen-ptx/course_props.ptx";

    private PropsKernel() {
    }

    @KernelSignature(ptx = PTX)
    interface Signature {
        void tg_props_place(@In Vec2Array inner, @In Vec2Array outer, @In F32Array innerZ, @In F32Array outerZ, @In I32Array count, int nMax, float spacing, int maxProps, @Out Vec2Array conePosition, @Out F32Array coneYaw, @Out Vec2Array wallCenter, @Out F32Array wallYaw, @Out F32Array wallLength, @Out I32Array propCount, @Out I32Array truncated, @Out F32Array step, @Out F32Array coneZ, @Out F32Array wallZ);
    }

    @Override
    protected void run(int begin, int end, float[] inner, float[] outer, float[] innerZ, float[] outerZ, int[] count,
                       int nMax, float spacing, int maxProps, float[] conePosition, float[] coneYaw,
                       float[] wallCenter, float[] wallYaw, float[] wallLength, int[] propCount, int[] truncated,
                       float[] step, float[] coneZ, float[] wallZ) {
        run(inner, outer, innerZ, outerZ, count, nMax, spacing, maxProps, conePosition, coneYaw, wallCenter, wallYaw,
                wallLength, propCount, truncated, step, coneZ, wallZ, begin, end);
    }

    static void run(float[] inner, float[] outer, float[] innerZ, float[] outerZ, int[] count, int nMax, float spacing,
                    int maxProps, float[] conePos, float[] coneYaw, float[] wallCenter, float[] wallYaw,
                    float[] wallLength, int[] propCount, int[] truncated, float[] step, float[] coneZ, float[] wallZ,
                    int begin, int end) {
        for (int r = begin; r < end; r++) {
            int e = r >> 1;
            float[] pts = (r & 1) == 0 ? inner : outer;
            float[] zs = (r & 1) == 0 ? innerZ : outerZ;
            int m = Math.min(count[e], nMax);
            int base = e * nMax;
            int sb = r * maxProps;
            double perim = 0.0;
            for (int i = 0; i < m; i++) {
                int i2 = i + 1 == m ? 0 : i + 1;
                perim += (double) length(pts, base + i, base + i2);
            }
            int n = 0;
            int trunc = 0;
            if (m >= 3 && perim > 0.0 && perim < Double.MAX_VALUE) {
                double nf = Math.floor(perim / (double) spacing + 0.5);
                if (nf > (double) maxProps) {
                    n = maxProps;
                    trunc = 1;
                } else {
                    n = nf < 3.0 ? 3 : (int) nf;
                }
            }
            propCount[r] = n;
            truncated[r] = trunc;
            step[r] = n > 0 ? (float) (perim / (double) n) : Float.NaN;
            int j = 0;
            double cum = 0.0;
            for (int k = 0; k < n; k++) {
                double target = perim * (double) k / (double) n;
                int j2 = j + 1 == m ? 0 : j + 1;
                float len = length(pts, base + j, base + j2);
                while (j < m - 1 && cum + (double) len < target) {
                    cum += (double) len;
                    j++;
                    j2 = j + 1 == m ? 0 : j + 1;
                    len = length(pts, base + j, base + j2);
                }
                float ax = pts[2 * (base + j)];
                float ay = pts[2 * (base + j) + 1];
                float dx = pts[2 * (base + j2)] - ax;
                float dy = pts[2 * (base + j2) + 1] - ay;
                float tt = len > 0f ? (float) ((target - cum) / (double) len) : 0f;
                tt = tt < 0f ? 0f : (tt > 1f ? 1f : tt);
                conePos[2 * (sb + k)] = ax + tt * dx;
                conePos[2 * (sb + k) + 1] = ay + tt * dy;
                coneYaw[sb + k] = (float) Math.atan2(dy, dx);
                float za = zs[base + j];
                coneZ[sb + k] = za + tt * (zs[base + j2] - za);
            }
            for (int k = 0; k < n; k++) {
                int k2 = k + 1 == n ? 0 : k + 1;
                float ax = conePos[2 * (sb + k)];
                float ay = conePos[2 * (sb + k) + 1];
                float dx = conePos[2 * (sb + k2)] - ax;
                float dy = conePos[2 * (sb + k2) + 1] - ay;
                wallCenter[2 * (sb + k)] = ax + 0.5f * dx;
                wallCenter[2 * (sb + k) + 1] = ay + 0.5f * dy;
                wallYaw[sb + k] = (float) Math.atan2(dy, dx);
                wallLength[sb + k] = (float) Math.sqrt(dx * dx + dy * dy);
                float z0 = coneZ[sb + k];
                wallZ[sb + k] = z0 + 0.5f * (coneZ[sb + k2] - z0);
            }
            for (int k = n; k < maxProps; k++) {
                conePos[2 * (sb + k)] = Float.NaN;
                conePos[2 * (sb + k) + 1] = Float.NaN;
                coneYaw[sb + k] = Float.NaN;
                wallCenter[2 * (sb + k)] = Float.NaN;
                wallCenter[2 * (sb + k) + 1] = Float.NaN;
                wallYaw[sb + k] = Float.NaN;
                wallLength[sb + k] = Float.NaN;
                coneZ[sb + k] = Float.NaN;
                wallZ[sb + k] = Float.NaN;
            }
        }
    }

    private static float length(float[] p, int i, int j) {
        float dx = p[2 * j] - p[2 * i];
        float dy = p[2 * j + 1] - p[2 * i + 1];
        return (float) Math.sqrt(dx * dx + dy * dy);
    }
}
