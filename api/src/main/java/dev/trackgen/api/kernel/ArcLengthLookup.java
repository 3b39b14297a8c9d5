package dev.trackgen.api.kernel;

/**
 * One point of an arc-length resample of a closed polyline, for kernel bodies: the point at arc
 * length {@code target} along the polyline {@code p} (segment {@code i} from point {@code i} to
 * {@code i + 1}, the last one back to point 0), found by a search that resumes at the segment
 * where the previous, shorter target stopped. Shared by the arc-length, constant-spacing and
 * uniform (inflation) resamples, whose CUDA bodies perform the same operations.
 */
public final class ArcLengthLookup {
    private ArcLengthLookup() {
    }

    /**
     * Writes the point at {@code target} to {@code out[2 * t], out[2 * t + 1]}: linear
     * interpolation on the segment whose cumulative start {@code s[sb + idx]} is the last not
     * beyond the target, at {@code (target - s0) / max(|segment|, 1e-12)} clamped to
     * {@code [0, 1]}.
     *
     * @param p      interleaved points
     * @param pb     the polyline's first point (in points)
     * @param n      points, {@code >= 1}
     * @param seg    segment lengths, {@code seg[segb + i]}
     * @param segb   offset of segment 0 in {@code seg}
     * @param s      cumulative arc length at each point, {@code s[sb + i]} ({@code s[sb] = 0})
     * @param sb     offset of point 0 in {@code s}
     * @param target arc length of the point wanted, world units
     * @param idx    the segment the previous (shorter) target was found on, 0 for the first
     * @param out    interleaved output points
     * @param t      output point index
     * @return the segment the target was found on, to pass as {@code idx} for the next target
     */
    public static int write(float[] p, int pb, int n, float[] seg, int segb, float[] s, int sb, float target, int idx,
                            float[] out, int t) {
        while (idx < n - 1 && s[sb + idx + 1] < target) {
            idx++;
        }
        float s0 = s[sb + idx];
        // Math.max(l, 1e-12f) and Math.min(Math.max(q, 0f), 1f) as comparisons: the same floats for
        // every input (NaN and -0 included), without the float min/max intrinsics' blend sequences
        float l = seg[segb + idx];
        float segl = l < 1.0e-12f ? 1.0e-12f : l;
        float q = (target - s0) / segl;
        float lo = q <= 0f ? 0f : q;
        float frac = lo > 1f ? 1f : lo;
        int i1 = idx + 1 == n ? 0 : idx + 1;
        float p0x = p[2 * (pb + idx)];
        float p0y = p[2 * (pb + idx) + 1];
        out[2 * t] = p0x + frac * (p[2 * (pb + i1)] - p0x);
        out[2 * t + 1] = p0y + frac * (p[2 * (pb + i1) + 1] - p0y);
        return idx;
    }
}
