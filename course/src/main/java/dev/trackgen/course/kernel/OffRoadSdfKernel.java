package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.collision.BoxContacts;

/**
 * The off-road check against baked grids ({@link SdfBakeKernel}), one thread per box
 * ({@code dim = E * B}), O(1) per box.
 *
 * <p>{@code tg_offroad_sdf(bounds, phi, bid, res, boxesPerEnv, position, heading, halfExtents,
 * offRoad, clearance, nearest, normal, border)}; shapes as in {@link SdfBakeKernel} and
 * {@link OffRoadSegmentsKernel}.
 *
 * <p>The field is sampled bilinearly (clamped to the edge cells, which lie off the road) at the
 * box center and its four corners; the clearance is the smallest sample and the box is off the
 * road when it is negative. The normal is the normalized central-difference gradient (one cell)
 * at that sample, the nearest point {@code p - phi * normal}, the border the nearest cell's bit.
 */
public final class OffRoadSdfKernel extends OffRoadSdfKernelBase {
    /** The kernel instance. */
    public static final OffRoadSdfKernel INSTANCE = new OffRoadSdfKernel();

    private OffRoadSdfKernel() {
    }

    @KernelSignature(ptx = CollisionKernels.PTX)
    interface Signature {
        void tg_offroad_sdf(@In F32Array bounds, @In F32Array phi, @In I32Array bid, int res, int boxesPerEnv, @In Vec2Array position, @In F32Array heading, @In Vec2Array halfExtents, @Out I32Array offRoad, @Out F32Array clearance, @Out Vec2Array nearest, @Out Vec2Array normal, @Out I32Array border);
    }

    @Override
    protected void run(int begin, int end, float[] bounds, float[] phi, int[] bid, int res, int boxesPerEnv,
                       float[] position, float[] heading, float[] halfExtents, int[] offRoad, float[] clearance,
                       float[] nearest, float[] normal, int[] border) {
        run(bounds, phi, bid, res, boxesPerEnv, position, heading, halfExtents, offRoad, clearance, nearest, normal, border, begin, end);
    }

    static void run(float[] bounds, float[] phi, int[] bid, int res, int boxesPerEnv, float[] position,
                    float[] heading, float[] halfExtents, int[] offRoad, float[] clearance, float[] nearest,
                    float[] normal, int[] border, int begin, int end) {
        int cells = res * res;
        int words = SdfBakeKernel.words(res);
        for (int t = begin; t < end; t++) {
            int e = t / boxesPerEnv;
            float px = position[2 * t];
            float py = position[2 * t + 1];
            float h = heading[t];
            float hx = halfExtents[2 * t];
            float hy = halfExtents[2 * t + 1];
            if (!Planar.finite(px, py, h, hx, hy)) {
                Planar.writeEmpty(t, 0, offRoad, clearance, nearest, normal, border);
                continue;
            }
            float lox = bounds[3 * e];
            float loy = bounds[3 * e + 1];
            float cell = bounds[3 * e + 2];
            if (!(cell > 0f)) {
                Planar.writeEmpty(t, 1, offRoad, clearance, nearest, normal, border);
                continue;
            }
            int pb = e * cells;
            float c = (float) Math.cos(h);
            float s = (float) Math.sin(h);
            float ux = c * hx;
            float uy = s * hx;
            float vx = -s * hy;
            float vy = c * hy;
            float bestX = px;
            float bestY = py;
            float best = sample(phi, pb, res, lox, loy, cell, px, py);
            for (int k = 0; k < 4; k++) {
                float sx = k == 0 || k == 3 ? 1f : -1f;
                float sy = k < 2 ? 1f : -1f;
                float qx = px + sx * ux + sy * vx;
                float qy = py + sx * uy + sy * vy;
                float v = sample(phi, pb, res, lox, loy, cell, qx, qy);
                if (v < best) {
                    best = v;
                    bestX = qx;
                    bestY = qy;
                }
            }
            float gx = sample(phi, pb, res, lox, loy, cell, bestX + cell, bestY)
                    - sample(phi, pb, res, lox, loy, cell, bestX - cell, bestY);
            float gy = sample(phi, pb, res, lox, loy, cell, bestX, bestY + cell)
                    - sample(phi, pb, res, lox, loy, cell, bestX, bestY - cell);
            float len = (float) Math.sqrt(gx * gx + gy * gy);
            float nx = len > 0f ? gx / len : 0f;
            float ny = len > 0f ? gy / len : 0f;
            float qx = bestX - best * nx;
            float qy = bestY - best * ny;
            int xi = nearestCell((qx - lox) / cell - 0.5f, res);
            int yi = nearestCell((qy - loy) / cell - 0.5f, res);
            int k = yi * res + xi;
            offRoad[t] = best < 0f ? 1 : 0;
            clearance[t] = best;
            nearest[2 * t] = qx;
            nearest[2 * t + 1] = qy;
            normal[2 * t] = nx;
            normal[2 * t + 1] = ny;
            border[t] = (bid[e * words + (k >>> 5)] >>> (k & 31)) & 1;
        }
    }

    /** Bilinear sample of one env's grid at a world point, clamped to the edge cells. */
    static float sample(float[] phi, int pb, int res, float lox, float loy, float cell, float x, float y) {
        float fx = clampCoord((x - lox) / cell - 0.5f, res);
        float fy = clampCoord((y - loy) / cell - 0.5f, res);
        int x0 = (int) fx;
        int y0 = (int) fy;
        int x1 = Math.min(x0 + 1, res - 1);
        int y1 = Math.min(y0 + 1, res - 1);
        float tx = fx - (float) x0;
        float ty = fy - (float) y0;
        float v00 = phi[pb + y0 * res + x0];
        float v10 = phi[pb + y0 * res + x1];
        float v01 = phi[pb + y1 * res + x0];
        float v11 = phi[pb + y1 * res + x1];
        float a = v00 + tx * (v10 - v00);
        float b = v01 + tx * (v11 - v01);
        return a + ty * (b - a);
    }

    private static float clampCoord(float f, int res) {
        if (!(f > 0f)) {
            return 0f;
        }
        float hi = (float) (res - 1);
        return f > hi ? hi : f;
    }

    private static int nearestCell(float f, int res) {
        int i = (int) (clampCoord(f, res) + 0.5f);
        return Math.min(i, res - 1);
    }
}
