package dev.trackgen.api.kernel;

/**
 * The Philox4x32-10 counter-based random bijection: a 128-bit counter and a 64-bit key map to
 * 128 random bits through ten rounds of multiply-hi/lo and xor.
 *
 * <p>Source: J. K. Salmon, M. A. Moraes, R. O. Dror, D. E. Shaw, "Parallel Random Numbers: As
 * Easy as 1, 2, 3", SC11 (2011); constants and known-answer vectors from the authors' Random123
 * library. The CUDA C twin in {@code trackgen_kernel.cuh} is integer-exact with this class, so
 * the same (counter, key) gives the same bits on every runtime.
 *
 * <p>Words are unsigned 32-bit values carried in Java {@code int}s.
 */
public final class Philox4x32 {
    private static final long M0 = 0xD2511F53L;
    private static final long M1 = 0xCD9E8D57L;
    private static final int W0 = 0x9E3779B9;
    private static final int W1 = 0xBB67AE85;
    private static final long MASK = 0xFFFFFFFFL;

    private Philox4x32() {
    }

    /**
     * Computes one 128-bit block.
     *
     * @param c0  counter word 0
     * @param c1  counter word 1
     * @param c2  counter word 2
     * @param c3  counter word 3
     * @param k0  key word 0
     * @param k1  key word 1
     * @param out receives the four output words, {@code out.length >= 4}
     */
    public static void block(int c0, int c1, int c2, int c3, int k0, int k1, int[] out) {
        for (int w = 0; w < 4; w++) {
            out[w] = word(c0, c1, c2, c3, k0, k1, w);
        }
    }

    /**
     * Two consecutive words of one block, for callers that draw both: the same values as
     * {@code word(..., first)} and {@code word(..., first + 1)} for one evaluation of the rounds.
     *
     * @param first the first word, 0, 1 or 2
     * @return word {@code first} in the high 32 bits, word {@code first + 1} in the low 32 bits
     * @throws IllegalArgumentException if {@code first} is not 0, 1 or 2
     */
    public static long wordPair(int c0, int c1, int c2, int c3, int k0, int k1, int first) {
        int x0 = c0;
        int x1 = c1;
        int x2 = c2;
        int x3 = c3;
        for (int round = 0; round < 10; round++) {
            if (round > 0) {
                k0 += W0;
                k1 += W1;
            }
            long p0 = M0 * (x0 & MASK);
            long p1 = M1 * (x2 & MASK);
            int y0 = (int) (p1 >>> 32) ^ x1 ^ k0;
            int y1 = (int) p1;
            int y2 = (int) (p0 >>> 32) ^ x3 ^ k1;
            int y3 = (int) p0;
            x0 = y0;
            x1 = y1;
            x2 = y2;
            x3 = y3;
        }
        switch (first) {
            case 0:
                return ((long) x0 << 32) | (x1 & MASK);
            case 1:
                return ((long) x1 << 32) | (x2 & MASK);
            case 2:
                return ((long) x2 << 32) | (x3 & MASK);
            default:
                throw new IllegalArgumentException("first word must be 0, 1 or 2, got " + first);
        }
    }

    /**
     * Computes one word of a block without allocating.
     *
     * @param c0   counter word 0
     * @param c1   counter word 1
     * @param c2   counter word 2
     * @param c3   counter word 3
     * @param k0   key word 0
     * @param k1   key word 1
     * @param word which output word, 0..3
     * @return that word
     */
    public static int word(int c0, int c1, int c2, int c3, int k0, int k1, int word) {
        // words 0-2 are the high half of the pair they start, word 3 (and any other value, as
        // before) the low half of the pair that starts at word 2
        boolean high = word == 0 || word == 1 || word == 2;
        long pair = wordPair(c0, c1, c2, c3, k0, k1, high ? word : 2);
        return high ? (int) (pair >>> 32) : (int) pair;
    }
}
