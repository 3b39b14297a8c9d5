package dev.trackgen.api.kernel;

/**
 * Stateless random draws keyed by (environment seed, stream id) and indexed by a counter, on
 * top of {@link Philox4x32}.
 *
 * <p>Draw {@code i} of stream {@code s} for seed {@code seed} is word {@code i & 3} of the
 * Philox block with counter {@code (i >>> 2, 0, 0, 0)} and key {@code (seed, s)}. Distinct
 * streams (one per purpose: corner count, corner positions, style, ...) are independent, and a
 * kernel can compute any draw directly from its index, with no state to carry or allocate. The
 * CUDA C header defines the same functions bit for bit.
 *
 * <p>Floats are made from the top 24 bits, so {@link #uniform} lies in {@code [0, 1)} exactly
 * and is identical in Java and CUDA.
 */
public final class CounterRng {
    private static final float INV_2_24 = 0x1.0p-24f;

    private CounterRng() {
    }

    /**
     * @param seed   the environment seed
     * @param stream the stream id (a constant per purpose; plugins take one from a name with
     *               {@link RandomStreams#named(String)})
     * @param index  the draw index within the stream, {@code >= 0}
     * @return 32 random bits
     */
    public static int bits(int seed, int stream, int index) {
        return Philox4x32.word(index >>> 2, 0, 0, 0, seed, stream, index & 3);
    }

    /**
     * Draws {@code index} and {@code index + 1} of a stream together: the same two values as two
     * {@link #uniform(int, int, int)} calls, with one Philox evaluation when both lie in one block
     * ({@code index % 4 != 3}).
     *
     * @return {@code uniform(seed, stream, index)}'s bits in the high 32 bits and
     *         {@code uniform(seed, stream, index + 1)}'s in the low 32 bits; read them with
     *         {@link #firstOfPair(long)} and {@link #secondOfPair(long)}
     */
    public static long uniformPair(int seed, int stream, int index) {
        int lane = index & 3;
        if (lane != 3) {
            return Philox4x32.wordPair(index >>> 2, 0, 0, 0, seed, stream, lane);
        }
        return ((long) bits(seed, stream, index) << 32) | (bits(seed, stream, index + 1) & 0xFFFFFFFFL);
    }

    /** @return the first draw of a {@link #uniformPair}, in [0, 1) */
    public static float firstOfPair(long pair) {
        return ((int) (pair >>> 32) >>> 8) * INV_2_24;
    }

    /** @return the second draw of a {@link #uniformPair}, in [0, 1) */
    public static float secondOfPair(long pair) {
        return ((int) pair >>> 8) * INV_2_24;
    }

    /**
     * @param seed   the environment seed
     * @param stream the stream id
     * @param index  the draw index within the stream
     * @return a float uniform in {@code [0, 1)} from the top 24 bits of the draw
     */
    public static float uniform(int seed, int stream, int index) {
        return (bits(seed, stream, index) >>> 8) * INV_2_24;
    }

    /**
     * @param seed   the environment seed
     * @param stream the stream id
     * @param index  the draw index within the stream
     * @param lo     lower bound
     * @param hi     upper bound
     * @return a float uniform in {@code [lo, hi)} (equal to {@code lo} when {@code hi == lo})
     */
    public static float uniform(int seed, int stream, int index, float lo, float hi) {
        return lo + uniform(seed, stream, index) * (hi - lo);
    }

    /**
     * @param seed      the environment seed
     * @param stream    the stream id
     * @param index     the draw index within the stream
     * @param lo        smallest value
     * @param hiInclusive largest value, {@code >= lo}
     * @return an integer uniform in {@code [lo, hiInclusive]}
     */
    public static int uniformInt(int seed, int stream, int index, int lo, int hiInclusive) {
        int span = hiInclusive - lo + 1;
        int v = lo + (int) (uniform(seed, stream, index) * span);
        return Math.min(v, hiInclusive);
    }
}
