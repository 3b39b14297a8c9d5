package dev.trackgen.api.kernel;

/**
 * One worker's buffers for the arc-length resample of one env at a time, for a
 * {@link HostFusedKernel} whose dense loop lives in its own buffers: the compacted points, segment
 * lengths and cumulative arc length ({@code 4 * m + 1} floats, grown to the largest {@code m}
 * seen, never shrunk) that {@link ArcResampleScanKernel} and {@link ArcResampleLookupKernel} keep in
 * {@code [E * m]} rows. Same arithmetic as the two kernels, so the same output bit for bit. Not
 * thread-safe: one per launch chunk, from a {@link ScratchPool}.
 */
public final class ArcResampleWork {
    private float[] real = new float[0];
    private float[] seg = new float[0];
    private float[] s = new float[0];

    /**
     * Grows the buffers for loops of {@code m} dense points.
     *
     * @param m dense points per env
     * @return this
     */
    public ArcResampleWork fit(int m) {
        if (seg.length < m) {
            real = new float[2 * m];
            seg = new float[m];
            s = new float[m + 1];
        }
        return this;
    }

    /**
     * Resamples env {@code e}'s dense closed loop {@code dense[db .. db+m)} (pairs; NaN points
     * skipped) to {@code num} points at equal arc length in {@code out[e*num .. e*num+num)} (pairs;
     * NaN when fewer than 2 points are real), and writes {@code countReal[e]} (real points) and
     * {@code countOut[e]} ({@code num}, or 0 when fewer than 2 are real): the scan and lookup
     * kernels' body for one selected env.
     *
     * @param dense     dense points, pairs
     * @param db        the env's first dense point
     * @param m         dense points of the env ({@code fit(m)} or larger first)
     * @param num       output points per env
     * @param countReal {@code [E]} real-point counts, written at {@code e}
     * @param countOut  {@code [E]} output counts, written at {@code e}
     * @param e         the env
     * @param out       {@code [E * num]} output pairs
     */
    public void resampleEnv(float[] dense, int db, int m, int num, int[] countReal, int[] countOut, int e, float[] out) {
        ArcResampleScanKernel.scanEnv(dense, db, m, num, real, 0, seg, s, 0, countReal, countOut, e);
        ArcResampleLookupKernel.lookupEnv(real, 0, seg, s, 0, countReal[e], num, out, e * num, e * num, (e + 1) * num);
    }
}
