package dev.trackgen.course.kernel;

/**
 * The float arithmetic the gate kernels share, as static helpers (the CUDA C twins in
 * {@code course_gates.cu} repeat it operation for operation): the forward crossing of a gate's
 * opening by a motion segment (the gate's body axes from its unit quaternion {@code (x, y, z, w)}:
 * body x = forward through the opening, y = left, z = up) and the signed distance to a box.
 */
public final class GateFrames {
    private GateFrames() {
    }

    /**
     * Whether the motion segment {@code a -> b} crosses gate {@code g}'s plane forward (from
     * {@code (a - c) . f <= 0} to {@code (b - c) . f > 0}) at a point inside its square opening
     * ({@code |left offset| <= hs} and {@code |up offset| <= hs}).
     *
     * @param ax  start x (the previous position); ay, az likewise
     * @param bx  end x (the current position); by, bz likewise
     * @param pos gate centers {@code [.. * 3]}, gate {@code g} at {@code 3 g}
     * @param quat gate quaternions {@code [.. * 4]}, gate {@code g} at {@code 4 g}
     * @param hs  the gate's half size
     * @param g   the gate's flat index
     * @return 1 on a forward crossing inside the opening, else 0 (also for NaN inputs)
     */
    static int crossesForward(float ax, float ay, float az, float bx, float by, float bz, float[] pos, float[] quat,
                              float hs, int g) {
        float cx = pos[3 * g];
        float cy = pos[3 * g + 1];
        float cz = pos[3 * g + 2];
        int o = 4 * g;
        float qx = quat[o];
        float qy = quat[o + 1];
        float qz = quat[o + 2];
        float qw = quat[o + 3];
        float fx = 1.0f - 2.0f * (qy * qy + qz * qz);
        float fy = 2.0f * (qx * qy + qw * qz);
        float fz = 2.0f * (qx * qz - qw * qy);
        float d0 = (ax - cx) * fx + (ay - cy) * fy + (az - cz) * fz;
        float d1 = (bx - cx) * fx + (by - cy) * fy + (bz - cz) * fz;
        if (!(d0 <= 0.0f && d1 > 0.0f)) {
            return 0;
        }
        float t = d0 / (d0 - d1);
        float rx = (ax - cx) + t * (bx - ax);
        float ry = (ay - cy) + t * (by - ay);
        float rz = (az - cz) + t * (bz - az);
        float lx = 2.0f * (qx * qy - qw * qz);
        float ly = 1.0f - 2.0f * (qx * qx + qz * qz);
        float lz = 2.0f * (qy * qz + qw * qx);
        float ux = 2.0f * (qx * qz + qw * qy);
        float uy = 2.0f * (qy * qz - qw * qx);
        float uz = 1.0f - 2.0f * (qx * qx + qy * qy);
        float side = rx * lx + ry * ly + rz * lz;
        float high = rx * ux + ry * uy + rz * uz;
        return Math.abs(side) <= hs && Math.abs(high) <= hs ? 1 : 0;
    }

    /**
     * Signed distance from point {@code (px, py, pz)} to the origin-centred box of half extents
     * {@code (hx, hy, hz)}: the outside distance, or minus the depth inside.
     */
    static float boxDistance(float px, float py, float pz, float hx, float hy, float hz) {
        float qx = Math.abs(px) - hx;
        float qy = Math.abs(py) - hy;
        float qz = Math.abs(pz) - hz;
        float ox = Math.max(qx, 0.0f);
        float oy = Math.max(qy, 0.0f);
        float oz = Math.max(qz, 0.0f);
        float outside = (float) Math.sqrt(ox * ox + oy * oy + oz * oz);
        float inside = Math.min(Math.max(qx, Math.max(qy, qz)), 0.0f);
        return outside + inside;
    }
}
