package dev.trackgen.generators.bezier;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Corner tangents, one thread per corner slot ({@code dim = E * P}).
 *
 * <p>{@code tg_vertex_tangent(corners, count, P, blend, tangents, minEdge)}: for kept corner
 * {@code i} (neighbours wrap modulo {@code count[e]}), the tangent is
 * {@code normalize(blend * u_out + (1 - blend) * u_in)} of the unit outgoing and incoming edge
 * directions, with {@code blend = atan(edgy) / pi + 0.5}; {@code minEdge} is the shorter incident
 * edge, used to clamp the handles. Slots past the count get NaN. Normalization floors lengths at
 * 1e-8.
 *
 * <p>Shapes: {@code corners, tangents: [E*P]} pairs; {@code count: [E]}; {@code minEdge: [E*P]}.
 */
public final class VertexTangentKernel extends VertexTangentKernelBase {
    /** The kernel instance. */
    public static final VertexTangentKernel INSTANCE = new VertexTangentKernel();

    private VertexTangentKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX)
    interface Signature {
        void tg_vertex_tangent(@In Vec2Array corners, @In I32Array count, int P, float blend, @Out Vec2Array tangents,
                @Out F32Array minEdge);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] c = a.corners();
        int[] count = a.count();
        int p = a.P();
        float blend = a.blend();
        float[] tan = a.tangents();
        float[] minEdge = a.minEdge();
        for (int t = begin; t < end; t++) {
            int e = t / p;
            int i = t - e * p;
            int cnt = count[e];
            if (i >= cnt) {
                tan[2 * t] = Float.NaN;
                tan[2 * t + 1] = Float.NaN;
                minEdge[t] = Float.NaN;
                continue;
            }
            int b = e * p;
            int in = b + (i + 1) % cnt;
            int ip = b + (i + cnt - 1) % cnt;
            float ox = c[2 * in] - c[2 * t];
            float oy = c[2 * in + 1] - c[2 * t + 1];
            float ix = c[2 * t] - c[2 * ip];
            float iy = c[2 * t + 1] - c[2 * ip + 1];
            float lo = Geometry.length(ox, oy);
            float li = Geometry.length(ix, iy);
            float lon = Math.max(lo, 1.0e-8f);
            float lin = Math.max(li, 1.0e-8f);
            float bx = blend * (ox / lon) + (1f - blend) * (ix / lin);
            float by = blend * (oy / lon) + (1f - blend) * (iy / lin);
            float lb = Math.max(Geometry.length(bx, by), 1.0e-8f);
            tan[2 * t] = bx / lb;
            tan[2 * t + 1] = by / lb;
            minEdge[t] = Math.min(lo, li);
        }
    }
}
