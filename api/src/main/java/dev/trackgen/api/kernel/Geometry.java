package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * Scalar 2D geometry helpers for kernel bodies, on unpacked {@code (x, y)} floats so they never
 * allocate. The CUDA C header defines the same functions with the same float arithmetic.
 */
public final class Geometry {
    /** Relative collinearity tolerance of {@link #properCrossing}: a straddle must clear the other segment's line by this fraction of its length. */
    @CudaConstant("TG_CROSSING_REL_TOL")
    public static final float CROSSING_REL_TOL = 1.0e-3f;

    /**
     * {@link Math#PI}, shared with the CUDA C bodies of every module as {@code TG_PI_D} (a double;
     * a body that computes in float writes {@code static_cast<float>(TG_PI_D)}, Java's
     * {@code (float) Math.PI}).
     */
    @CudaConstant("TG_PI_D")
    public static final double PI = Math.PI;

    private Geometry() {
    }

    /** @return the Euclidean length of (x, y) */
    public static float length(float x, float y) {
        return (float) Math.sqrt(x * x + y * y);
    }

    /** @return the z component of the cross product (ax, ay) x (bx, by) */
    public static float cross(float ax, float ay, float bx, float by) {
        return ax * by - ay * bx;
    }

    /**
     * Orientation of q relative to the directed line o -> p, scaled by |p - o|.
     *
     * @return positive when q is left of o -> p, negative when right, 0 when collinear
     */
    public static float orient(float ox, float oy, float px, float py, float qx, float qy) {
        return (px - ox) * (qy - oy) - (py - oy) * (qx - ox);
    }

    /**
     * Whether segments A = (a0, a1) and B = (b0, b1) properly cross: each straddles the other's
     * line by more than {@link #CROSSING_REL_TOL} times that line's squared length (in orient
     * units), which ignores float sign flips of near-collinear neighbours but never misses a
     * genuine transversal crossing. Touching or collinear overlap does not count.
     *
     * @return whether the two segments cross
     */
    public static boolean properCrossing(float a0x, float a0y, float a1x, float a1y,
                                         float b0x, float b0y, float b1x, float b1y) {
        float d1 = orient(b0x, b0y, b1x, b1y, a0x, a0y);
        float d2 = orient(b0x, b0y, b1x, b1y, a1x, a1y);
        float bl2 = (b1x - b0x) * (b1x - b0x) + (b1y - b0y) * (b1y - b0y);
        float eb = CROSSING_REL_TOL * bl2;
        if (!((d1 > eb && d2 < -eb) || (d1 < -eb && d2 > eb))) {
            return false;
        }
        float d3 = orient(a0x, a0y, a1x, a1y, b0x, b0y);
        float d4 = orient(a0x, a0y, a1x, a1y, b1x, b1y);
        float al2 = (a1x - a0x) * (a1x - a0x) + (a1y - a0y) * (a1y - a0y);
        float ea = CROSSING_REL_TOL * al2;
        return (d3 > ea && d4 < -ea) || (d3 < -ea && d4 > ea);
    }

    /**
     * Menger curvature of the triangle (p, c, n): {@code 4 * area / (|c-p| |n-c| |n-p|)}, the
     * inverse radius of the circle through the three points (denominator floored at 1e-12).
     *
     * @return the unsigned curvature, {@code >= 0}
     */
    public static float menger(float px, float py, float cx, float cy, float nx, float ny) {
        float ax = cx - px;
        float ay = cy - py;
        float bx = nx - cx;
        float by = ny - cy;
        float area2 = Math.abs(ax * by - ay * bx);
        float denom = Math.max(length(ax, ay) * length(bx, by) * length(nx - px, ny - py), 1.0e-12f);
        return 2.0f * area2 / denom;
    }

    /**
     * Below this magnitude an angle is its own wrap: {@code atan2(sin a, cos a)} in double lies
     * within a few double ulps of {@code a}, far inside half a float ulp, so it rounds back to
     * {@code a} (the largest float below pi; the next float up is above pi).
     */
    @CudaConstant("TG_WRAP_ANGLE_IDENTITY")
    static final float WRAP_IDENTITY_BELOW = 3.1415925f;

    /**
     * The angle {@code a} wrapped into {@code (-pi, pi]}: {@code atan2(sin a, cos a)} in double,
     * rounded to float. An angle already inside the range (magnitude below
     * {@link #WRAP_IDENTITY_BELOW}) comes back as it is, without the three transcendental calls;
     * that is the float the formula gives for it.
     *
     * @param a angle, radians
     * @return the wrapped angle, radians; NaN for NaN or infinite {@code a}
     */
    public static float wrapAngle(float a) {
        if (Math.abs(a) < WRAP_IDENTITY_BELOW) {
            return a;
        }
        return (float) Fdlibm.atan2(Math.sin(a), Math.cos(a));
    }
}
