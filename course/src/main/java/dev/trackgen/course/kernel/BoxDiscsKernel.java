package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.collision.DiscContacts;

/**
 * Oriented boxes against disc obstacles, one thread per box ({@code dim = E * B}).
 *
 * <p>{@code tg_box_discs(discs, discsPerEnv, radius, boxesPerEnv, position, heading, halfExtents,
 * hit, disc, depth, normal)}; shapes: {@code discs: [E*D]} centers, box inputs and outputs
 * {@code [E*B]}. Semantics are those of {@link DiscContacts}: a disc touches the box when the
 * distance from its center to the solid box is at most {@code radius}; discs with a non-finite
 * center are skipped; the deepest disc wins, the lowest index on ties.
 */
public final class BoxDiscsKernel extends BoxDiscsKernelBase {
    /** The kernel instance. */
    public static final BoxDiscsKernel INSTANCE = new BoxDiscsKernel();

    private BoxDiscsKernel() {
    }

    @KernelSignature(ptx = CollisionKernels.PTX)
    interface Signature {
        void tg_box_discs(@In Vec2Array discs, int discsPerEnv, float radius, int boxesPerEnv, @In Vec2Array position, @In F32Array heading, @In Vec2Array halfExtents, @Out I32Array hit, @Out I32Array disc, @Out F32Array depth, @Out Vec2Array normal);
    }

    @Override
    protected void run(int begin, int end, float[] discs, int discsPerEnv, float radius, int boxesPerEnv,
                       float[] position, float[] heading, float[] halfExtents, int[] hit, int[] disc, float[] depth,
                       float[] normal) {
        run(discs, discsPerEnv, radius, boxesPerEnv, position, heading, halfExtents, hit, disc, depth, normal, begin, end);
    }

    static void run(float[] discs, int discsPerEnv, float radius, int boxesPerEnv, float[] position,
                    float[] heading, float[] halfExtents, int[] hit, int[] disc, float[] depth, float[] normal,
                    int begin, int end) {
        for (int t = begin; t < end; t++) {
            int e = t / boxesPerEnv;
            float px = position[2 * t];
            float py = position[2 * t + 1];
            float h = heading[t];
            float hx = halfExtents[2 * t];
            float hy = halfExtents[2 * t + 1];
            hit[t] = 0;
            disc[t] = -1;
            depth[t] = 0f;
            normal[2 * t] = Float.NaN;
            normal[2 * t + 1] = Float.NaN;
            if (!Planar.finite(px, py, h, hx, hy)) {
                continue;
            }
            float c = (float) Math.cos(h);
            float s = (float) Math.sin(h);
            int base = e * discsPerEnv;
            int best = -1;
            float bestPen = 0f;
            for (int i = 0; i < discsPerEnv; i++) {
                float dx = discs[2 * (base + i)] - px;
                float dy = discs[2 * (base + i) + 1] - py;
                if (!(Float.isFinite(dx) && Float.isFinite(dy))) {
                    continue;
                }
                float lx = c * dx + s * dy;
                float ly = -s * dx + c * dy;
                float pen = radius - (float) Math.sqrt(Planar.pointBox2(lx, ly, hx, hy));
                if (pen >= 0f && (best < 0 || pen > bestPen)) {
                    best = i;
                    bestPen = pen;
                }
            }
            if (best < 0) {
                continue;
            }
            float cx = discs[2 * (base + best)];
            float cy = discs[2 * (base + best) + 1];
            float dx = cx - px;
            float dy = cy - py;
            float lx = Math.max(-hx, Math.min(hx, c * dx + s * dy));
            float ly = Math.max(-hy, Math.min(hy, -s * dx + c * dy));
            // from the disc center towards the box point nearest it: the way out for the box
            float nx = px + c * lx - s * ly - cx;
            float ny = py + s * lx + c * ly - cy;
            float len = (float) Math.sqrt(nx * nx + ny * ny);
            if (!(len > 0f)) {
                nx = px - cx;
                ny = py - cy;
                len = (float) Math.sqrt(nx * nx + ny * ny);
            }
            if (len > 0f) {
                nx = nx / len;
                ny = ny / len;
            } else {
                nx = c;
                ny = s;
            }
            hit[t] = 1;
            disc[t] = best;
            depth[t] = bestPen;
            normal[2 * t] = nx;
            normal[2 * t + 1] = ny;
        }
    }
}
