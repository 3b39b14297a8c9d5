package dev.trackgen.gates.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Lift to 3D and gate frames, one thread per env ({@code dim = E}).
 *
 * <p>Gate {@code i} sits at {@code (plan.x, plan.y, z)}; its tangent is the unit central
 * difference {@code p[i+1] - p[i-1]} (indices mod {@code count}), which is also the periodic
 * Catmull-Rom course line's direction through the gate. The frame is roll-free: body {@code x}
 * (forward) is the tangent's horizontal part ({@code alignFull = 0}, yaw_only) or the tangent
 * ({@code alignFull = 1}, full_tangent); body {@code y} (left) is the horizontal unit
 * {@code (-t.y, t.x, 0) / |t.xy|}; body {@code z = x cross y}. Where {@code |t.xy| < }
 * {@link GatesKernels#VERTICAL_EPS} (a vertical or zero tangent) the frame falls back to
 * {@code y = +y}, {@code x = +x} (yaw_only) or the tangent (full_tangent). The quaternion
 * {@code (x, y, z, w)} comes from the rotation matrix of those columns (Shepperd's method, square
 * roots only), sign chosen so {@code w >= 0}. {@code left/right = p +- halfSize * y}. Slots past
 * {@code count} are NaN.
 *
 * <p>Shapes: {@code plan [E * gMax]} pairs, {@code z, half [E * gMax]}, {@code count [E]},
 * {@code position, tangent, left, right [E * gMax * 3]}, {@code orientation [E * gMax * 4]}.
 */
public final class GateFramesKernel extends GateFramesKernelBase {
    /** The kernel instance. */
    public static final GateFramesKernel INSTANCE = new GateFramesKernel();

    private GateFramesKernel() {
    }

    @KernelSignature(ptx = GatesKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_gate_frames(@In Vec2Array plan, @In F32Array z, @In I32Array count, int gMax, float halfSize,
                            int alignFull, @Out F32Array position, @Out F32Array tangent, @Out F32Array orientation,
                            @Out F32Array half, @Out F32Array left, @Out F32Array right);
    }

    @Override
    protected void run(int begin, int end, float[] plan, float[] z, int[] count, int gMax, float hs, int alignFull,
                       float[] pos, float[] tan, float[] quat, float[] half, float[] left, float[] right) {
        for (int e = begin; e < end; e++) {
            int g = e * gMax;
            int n = Math.min(Math.max(count[e], 0), gMax);
            for (int i = 0; i < n; i++) {
                int o = g + i;
                pos[3 * o] = plan[2 * o];
                pos[3 * o + 1] = plan[2 * o + 1];
                pos[3 * o + 2] = z[o];
            }
            for (int i = 0; i < n; i++) {
                int o = g + i;
                int prev = g + (i == 0 ? n - 1 : i - 1);
                int next = g + (i + 1 == n ? 0 : i + 1);
                float tx = pos[3 * next] - pos[3 * prev];
                float ty = pos[3 * next + 1] - pos[3 * prev + 1];
                float tz = pos[3 * next + 2] - pos[3 * prev + 2];
                float tl = (float) Math.sqrt(tx * tx + ty * ty + tz * tz);
                if (tl > 0.0f) {
                    tx = tx / tl;
                    ty = ty / tl;
                    tz = tz / tl;
                }
                tan[3 * o] = tx;
                tan[3 * o + 1] = ty;
                tan[3 * o + 2] = tz;
                float h = (float) Math.sqrt(tx * tx + ty * ty);
                float fx;
                float fy;
                float fz;
                float yx;
                float yy;
                if (h < GatesKernels.VERTICAL_EPS) {
                    yx = 0.0f;
                    yy = 1.0f;
                    if (alignFull != 0 && tl > 0.0f) {
                        fx = tx;
                        fy = ty;
                        fz = tz;
                    } else {
                        fx = 1.0f;
                        fy = 0.0f;
                        fz = 0.0f;
                    }
                } else {
                    yx = -ty / h;
                    yy = tx / h;
                    if (alignFull != 0) {
                        fx = tx;
                        fy = ty;
                        fz = tz;
                    } else {
                        fx = tx / h;
                        fy = ty / h;
                        fz = 0.0f;
                    }
                }
                // body z = x cross y, with y = (yx, yy, 0)
                float zx = -fz * yy;
                float zy = fz * yx;
                float zz = fx * yy - fy * yx;
                writeQuaternion(fx, fy, fz, yx, yy, 0.0f, zx, zy, zz, quat, 4 * o);
                half[o] = hs;
                left[3 * o] = pos[3 * o] + hs * yx;
                left[3 * o + 1] = pos[3 * o + 1] + hs * yy;
                left[3 * o + 2] = pos[3 * o + 2];
                right[3 * o] = pos[3 * o] - hs * yx;
                right[3 * o + 1] = pos[3 * o + 1] - hs * yy;
                right[3 * o + 2] = pos[3 * o + 2];
            }
            for (int i = n; i < gMax; i++) {
                int o = g + i;
                for (int d = 0; d < 3; d++) {
                    pos[3 * o + d] = Float.NaN;
                    tan[3 * o + d] = Float.NaN;
                    left[3 * o + d] = Float.NaN;
                    right[3 * o + d] = Float.NaN;
                }
                for (int d = 0; d < 4; d++) {
                    quat[4 * o + d] = Float.NaN;
                }
                half[o] = Float.NaN;
            }
        }
    }

    /**
     * The unit quaternion {@code (x, y, z, w)}, {@code w >= 0}, of the rotation whose matrix has the
     * columns {@code (m00, m10, m20)}, {@code (m01, m11, m21)}, {@code (m02, m12, m22)} (Shepperd's method).
     */
    static void writeQuaternion(float m00, float m10, float m20, float m01, float m11, float m21, float m02,
                                float m12, float m22, float[] q, int o) {
        float trace = m00 + m11 + m22;
        float x;
        float y;
        float z;
        float w;
        if (trace > 0.0f) {
            float s = (float) Math.sqrt(trace + 1.0f) * 2.0f;
            w = 0.25f * s;
            x = (m21 - m12) / s;
            y = (m02 - m20) / s;
            z = (m10 - m01) / s;
        } else if (m00 > m11 && m00 > m22) {
            float s = (float) Math.sqrt(1.0f + m00 - m11 - m22) * 2.0f;
            w = (m21 - m12) / s;
            x = 0.25f * s;
            y = (m01 + m10) / s;
            z = (m02 + m20) / s;
        } else if (m11 > m22) {
            float s = (float) Math.sqrt(1.0f + m11 - m00 - m22) * 2.0f;
            w = (m02 - m20) / s;
            x = (m01 + m10) / s;
            y = 0.25f * s;
            z = (m12 + m21) / s;
        } else {
            float s = (float) Math.sqrt(1.0f + m22 - m00 - m11) * 2.0f;
            w = (m10 - m01) / s;
            x = (m02 + m20) / s;
            y = (m12 + m21) / s;
            z = 0.25f * s;
        }
        if (w < 0.0f) {
            x = -x;
            y = -y;
            z = -z;
            w = -w;
        }
        q[o] = x;
        q[o + 1] = y;
        q[o + 2] = z;
        q[o + 3] = w;
    }
}
