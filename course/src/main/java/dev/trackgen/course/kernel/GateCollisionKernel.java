package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * Agent spheres against the gates, one thread per agent ({@code dim = E * A}), in one of two
 * mutually exclusive models (as in the original, AntoineRichard/TrackGen:
 * track_gen/_src/collision_frames.py, docs/utilities/course.rst):
 * <ul>
 *   <li>{@link #POSTS}: each gate's two posts are vertical discs of radius {@code postRadius} at
 *       its left and right bar endpoints, infinitely tall; the sphere of radius
 *       {@code agentRadius} hits one when their plan-view distance is below
 *       {@code postRadius + agentRadius}, depth the difference;</li>
 *   <li>{@link #FRAMES}: each square gate is four thin boxes in its own frame (x forward, y left,
 *       z up), of depth {@code frameDepth} along x and thickness {@code frameThickness}: posts
 *       centred at {@code y = +-(hs + th/2)} with half extents {@code (depth/2, th/2, hs + th)},
 *       bars at {@code z = +-(hs + th/2)} with half extents {@code (depth/2, hs + th, th/2)};
 *       the sphere hits a member when its signed distance to the box is below
 *       {@code agentRadius}, depth {@code agentRadius - distance}.</li>
 * </ul>
 * {@code tg_gate_collide(position, gatePos, gateQuat, halfSize, left, right, gateCount, gMax,
 * agents, model, agentRadius, postRadius, frameThickness, frameDepth, hit, depth, gate)} tests
 * every gate of the env (not a window around the target, so a hit is never missed) and writes
 * {@code hit = 1} when any member is penetrated, {@code depth} the largest penetration (0 without
 * a hit) and {@code gate} the index of the gate of the largest penetration (-1 without a hit). A
 * NaN position or gate is skipped.
 *
 * <p>Shapes: {@code position: [E*agents*3]}, {@code gatePos, left, right: [E*gMax*3]},
 * {@code gateQuat: [E*gMax*4]}, {@code halfSize: [E*gMax]}, {@code gateCount: [E]},
 * {@code hit, depth, gate: [E*agents]}.
 */
public final class GateCollisionKernel extends GateCollisionKernelBase {
    /** The kernel instance. */
    public static final GateCollisionKernel INSTANCE = new GateCollisionKernel();

    /** {@code model}: posts as plan-view discs. */
    @CudaConstant("TG_GATE_POSTS")
    public static final int POSTS = 1;
    /** {@code model}: frames as four oriented boxes. */
    @CudaConstant("TG_GATE_FRAMES")
    public static final int FRAMES = 2;

    private GateCollisionKernel() {
    }

    @KernelSignature(ptx = CourseGateKernels.PTX)
    interface Signature {
        void tg_gate_collide(@In F32Array position, @In F32Array gatePos, @In F32Array gateQuat,
                             @In F32Array halfSize, @In F32Array left, @In F32Array right, @In I32Array gateCount,
                             int gMax, int agents, int model, float agentRadius, float postRadius,
                             float frameThickness, float frameDepth, @Out I32Array hit, @Out F32Array depth,
                             @Out I32Array gate);
    }

    @Override
    protected void run(int begin, int end, float[] position, float[] gatePos, float[] gateQuat, float[] halfSize,
                       float[] left, float[] right, int[] gateCount, int gMax, int agents, int model,
                       float agentRadius, float postRadius, float frameThickness, float frameDepth, int[] hit,
                       float[] depth, int[] gate) {
        for (int q = begin; q < end; q++) {
            int e = q / agents;
            int g = Math.min(gateCount[e], gMax);
            float px = position[3 * q];
            float py = position[3 * q + 1];
            float pz = position[3 * q + 2];
            float worst = 0.0f;
            int which = -1;
            if (px - px == 0.0f && py - py == 0.0f && pz - pz == 0.0f) {
                for (int j = 0; j < g; j++) {
                    int f = e * gMax + j;
                    float d = model == POSTS
                            ? postDepth(px, py, left, right, f, postRadius + agentRadius)
                            : frameDepth(px, py, pz, gatePos, gateQuat, halfSize[f], f, frameThickness, frameDepth,
                                    agentRadius);
                    if (d > worst) {
                        worst = d;
                        which = j;
                    }
                }
            }
            hit[q] = which >= 0 ? 1 : 0;
            depth[q] = worst;
            gate[q] = which;
        }
    }

    /** Largest plan-view penetration of the two post discs of gate {@code f} (0 or less: none). */
    private static float postDepth(float px, float py, float[] left, float[] right, int f, float reach) {
        float lx = px - left[3 * f];
        float ly = py - left[3 * f + 1];
        float rx = px - right[3 * f];
        float ry = py - right[3 * f + 1];
        float dl = reach - (float) Math.sqrt(lx * lx + ly * ly);
        float dr = reach - (float) Math.sqrt(rx * rx + ry * ry);
        return Math.max(dl, dr);
    }

    /** Largest penetration of the sphere into gate {@code f}'s four frame members (0 or less: none). */
    private static float frameDepth(float px, float py, float pz, float[] pos, float[] quat, float hs, int f,
                                    float thick, float frameDepth, float radius) {
        float rx = px - pos[3 * f];
        float ry = py - pos[3 * f + 1];
        float rz = pz - pos[3 * f + 2];
        int o = 4 * f;
        float qx = quat[o];
        float qy = quat[o + 1];
        float qz = quat[o + 2];
        float qw = quat[o + 3];
        float fx = 1.0f - 2.0f * (qy * qy + qz * qz);
        float fy = 2.0f * (qx * qy + qw * qz);
        float fz = 2.0f * (qx * qz - qw * qy);
        float lx = 2.0f * (qx * qy - qw * qz);
        float ly = 1.0f - 2.0f * (qx * qx + qz * qz);
        float lz = 2.0f * (qy * qz + qw * qx);
        float ux = 2.0f * (qx * qz + qw * qy);
        float uy = 2.0f * (qy * qz - qw * qx);
        float uz = 1.0f - 2.0f * (qx * qx + qy * qy);
        float bx = rx * fx + ry * fy + rz * fz;
        float by = rx * lx + ry * ly + rz * lz;
        float bz = rx * ux + ry * uy + rz * uz;
        float hd = 0.5f * frameDepth;
        float ht = 0.5f * thick;
        float span = hs + thick;
        float off = hs + ht;
        float d0 = GateFrames.boxDistance(bx, by - off, bz, hd, ht, span);
        float d1 = GateFrames.boxDistance(bx, by + off, bz, hd, ht, span);
        float d2 = GateFrames.boxDistance(bx, by, bz - off, hd, span, ht);
        float d3 = GateFrames.boxDistance(bx, by, bz + off, hd, span, ht);
        float d = Math.min(Math.min(d0, d1), Math.min(d2, d3));
        return radius - d;
    }
}
