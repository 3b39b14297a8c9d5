package dev.trackgen.pipeline.relax;

/**
 * The working state of one track's relaxation on a CPU worker: three rotating bead buffers (x and
 * y apart), the edge terms, the broadphase boxes and the separation candidate lists. It lives
 * only for the relaxation of one env, so each worker thread keeps one, reused for every env it
 * relaxes (a few KB that stay in its L1/L2 cache), instead of a row per env in heap arrays; the
 * CUDA body keeps the same state in shared memory per block (or in its per-env global scratch).
 *
 * <p>Grown, never shrunk, to the largest {@code nMax} and {@code slots} the thread has seen;
 * steady-state launches allocate nothing.
 */
final class RelaxScratch {
    /** Pair flag: the higher bead is in the lower bead's candidate list. */
    static final int SELF = 1 << 30;
    /** Pair flag: the lower bead is in the higher bead's candidate list. */
    static final int SEND = 1 << 29;
    /** Mask of the bead index in a pair entry. */
    static final int INDEX = SEND - 1;
    private static final ThreadLocal<RelaxScratch> PER_THREAD = ThreadLocal.withInitial(RelaxScratch::new);

    /** Bead buffers {@code [3][nMax]}, x. */
    final float[][] xs = new float[3][];
    /** Bead buffers {@code [3][nMax]}, y. */
    final float[][] ys = new float[3][];
    /** {@code [4 * ceil(nMax / CHUNK)]} broadphase boxes. */
    float[] boxes;
    /** {@code [ceil(nMax / CHUNK)]} the chunks near one chunk, during a cache refresh. */
    int[] nearChunks;
    /** {@code [4 * ceil(chunks / CACHE_GROUP)]} boxes of groups of chunk boxes, during a cache refresh of a long track. */
    float[] groupBoxes;
    /** {@code [ceil(chunks / CACHE_GROUP)]} the groups near one group, during a cache refresh of a long track. */
    int[] nearGroups;
    /** {@code [nMax]} candidates found per bead at the last cache refresh (more than the slots: overflowed). */
    int[] cacheCount;
    /**
     * The candidate lists as pairs, bead-major, {@code pairCount} of them: pair {@code s} joins
     * bead {@code pairLo[s]} and the higher bead {@code pairIdx[s] & INDEX}, with {@link #SELF}
     * when the higher bead is in the lower one's candidate list and {@link #SEND} when the lower
     * bead is in the higher one's (a full list drops one of them); sorted by lower bead, then by
     * higher bead. At most {@code nMax * slots} pairs: a pair is kept only when it takes a slot of
     * one of its beads' lists, and the lists have {@code n * slots} slots in all.
     */
    int[] pairLo;
    int[] pairIdx;
    int pairCount;
    /**
     * The active pairs: of the pairs, those closer than the keep radius at the anchor positions
     * {@code (ax, ay)}, {@code activeCount} of them, in the same order and format.
     */
    int[] activeLo;
    int[] activeIdx;
    int activeCount;
    /** The active pairs closer than the target during a pair sweep (their indices). */
    int[] hitPairs;
    /** {@code [nMax * slots]} the separation term of each of those pairs (lower bead's sign), x and y. */
    float[] termX;
    float[] termY;
    /** Chain pairs per bead: offsets {@code band + 1} and {@code band + 2}. */
    static final int CHAINS = 2;
    /**
     * The chain pairs: pair {@code (p, p + chainOffset + c)}, {@code c < CHAINS},
     * {@code chainOffset = band + 1}, joins a bead and its nearest candidates along the chain (most
     * cached pairs, and most separation hits, are of that kind). They are kept out of the pair
     * lists: {@code chainSelf[c][p]} is 1 when bead {@code p + chainOffset + c} is in bead
     * {@code p}'s candidate list ({@link #SELF}), {@code chainSend[c][p]} when bead {@code p} is in
     * that bead's ({@link #SEND}), else 0; {@code [CHAINS][nMax]}, set at each cache refresh of
     * the lane-wise body. The scalar body keeps them in the pair lists and sets
     * {@code chainOffset} to {@link Integer#MAX_VALUE} (no chain passes).
     */
    final float[][] chainSelf = new float[CHAINS][];
    final float[][] chainSend = new float[CHAINS][];
    int chainOffset;
    /**
     * {@code [CHAINS][nMax]} during a pair sweep, per bead {@code k}: the chain pair terms it
     * receives from its lower chain pair {@code (k - chainOffset - c, k)} ({@code chainLoX, chainLoY},
     * subtracted; {@code chainLoHits} 1 or 0) and from its higher one {@code (k, k + chainOffset + c)}
     * ({@code chainHiX, chainHiY}, added; {@code chainHiHits}); {@code +0} where there is none.
     */
    final float[][] chainLoX = new float[CHAINS][];
    final float[][] chainLoY = new float[CHAINS][];
    final float[][] chainLoHits = new float[CHAINS][];
    final float[][] chainHiX = new float[CHAINS][];
    final float[][] chainHiY = new float[CHAINS][];
    final float[][] chainHiHits = new float[CHAINS][];
    float[] ax;
    float[] ay;
    /**
     * {@code [nMax]} each bead's separation sum and hit count during a pair sweep; all zero
     * between sweeps.
     */
    float[] accX;
    float[] accY;
    /** Hit counts as floats: small integers, exact; the vector sweep adds them lane-wise. */
    float[] accHits;
    /** {@code [nMax]} each bead's averaged separation push during a sweep. */
    float[] sepX;
    float[] sepY;
    /** {@code [nMax + 2]} the beads with a copy of the last before and of the first after, for {@link BeadUpdate}. */
    float[] padX;
    float[] padY;
    private int capacity = -1;
    private int slotCapacity = -1;

    private RelaxScratch() {
    }

    /**
     * @param nMax  beads per env at most
     * @param slots candidate slots per bead
     * @return the calling thread's scratch, large enough for {@code nMax} beads and {@code slots}
     */
    static RelaxScratch forCurrentThread(int nMax, int slots) {
        RelaxScratch s = PER_THREAD.get();
        s.ensure(nMax, Math.max(slots, 1));
        return s;
    }

    private void ensure(int nMax, int slots) {
        if (nMax > capacity) {
            for (int k = 0; k < 3; k++) {
                xs[k] = new float[nMax];
                ys[k] = new float[nMax];
            }
            boxes = new float[XpbdRelaxKernel.boxFloats(nMax)];
            nearChunks = new int[XpbdRelaxKernel.boxFloats(nMax) / 4];
            int groups = (XpbdRelaxKernel.boxFloats(nMax) / 4 + XpbdRelaxKernel.CACHE_GROUP - 1)
                    / XpbdRelaxKernel.CACHE_GROUP;
            groupBoxes = new float[4 * groups];
            nearGroups = new int[groups];
            cacheCount = new int[nMax];
            ax = new float[nMax];
            ay = new float[nMax];
            accX = new float[nMax];
            accY = new float[nMax];
            accHits = new float[nMax];
            for (int c = 0; c < CHAINS; c++) {
                chainSelf[c] = new float[nMax];
                chainSend[c] = new float[nMax];
                chainLoX[c] = new float[nMax];
                chainLoY[c] = new float[nMax];
                chainLoHits[c] = new float[nMax];
                chainHiX[c] = new float[nMax];
                chainHiY[c] = new float[nMax];
                chainHiHits[c] = new float[nMax];
            }
            sepX = new float[nMax];
            sepY = new float[nMax];
            padX = new float[nMax + 2];
            padY = new float[nMax + 2];
            capacity = nMax;
            slotCapacity = -1;
        }
        if (slots > slotCapacity) {
            // one more: the refresh writes a found pair before it knows whether the pair is kept
            pairLo = new int[capacity * slots + 1];
            pairIdx = new int[capacity * slots + 1];
            activeLo = new int[capacity * slots];
            activeIdx = new int[capacity * slots];
            hitPairs = new int[capacity * slots];
            termX = new float[capacity * slots];
            termY = new float[capacity * slots];
            slotCapacity = slots;
        }
    }

    /**
     * The squared keep radius of the active lists: a candidate at least this far (squared, as the
     * sweep computes it in float) from its bead at the anchor positions cannot come closer than
     * {@code target} while neither bead has moved more than {@code skin} (L1) from its anchor. The
     * relative margins of 1e-4 cover every float rounding of the distances and displacements
     * (each a few units of 2^-24 relative), so pruning never drops a candidate the sweep would
     * have counted: the results are bit for bit those of the full lists.
     *
     * @param target separation target
     * @param skin   the most a bead moves, L1, before the lists are rebuilt
     * @return the squared keep radius
     */
    static float keepRadius2(float target, float skin) {
        double m = 1.0e-4;
        double keep = (target * (1 + m) + 2.0 * skin * (1 + m)) / (1 - m);
        return (float) (keep * keep * (1 + m));
    }

    /**
     * Rebuilds the active pairs from the cached pairs at the positions {@code (x, y)} of the
     * {@code n} beads and makes these positions the anchors. One loop over the pairs, not one per
     * bead: no loop exit to mispredict per bead.
     */
    void buildActive(float[] x, float[] y, int n, float keep2) {
        int a = 0;
        int np = pairCount;
        for (int s = 0; s < np; s++) {
            int entry = pairIdx[s];
            int i = pairLo[s];
            int j = entry & INDEX;
            float ddx = x[i] - x[j];
            float ddy = y[i] - y[j];
            float d2 = ddx * ddx + ddy * ddy;
            activeLo[a] = i;
            activeIdx[a] = entry;
            a += d2 >= keep2 ? 0 : 1; // NaN keeps the pair
        }
        activeCount = a;
        System.arraycopy(x, 0, ax, 0, n);
        System.arraycopy(y, 0, ay, 0, n);
    }

    /**
     * @return whether every bead is still within {@code skin} (L1) of its anchor, so the active
     *         lists still hold every candidate that can be closer than the target; false for
     *         non-finite positions
     */
    boolean activeHolds(float[] x, float[] y, int n, float skin, BeadUpdate beads) {
        return beads != null ? beads.withinSkin(x, y, ax, ay, n, skin) : withinSkin(x, y, ax, ay, n, skin);
    }

    /**
     * The scalar skin check of the {@code n} beads ({@link BeadUpdate#withinSkin}); stops at
     * the first bead that moved too far (or is not finite), with no running maximum to wait on
     * between beads: the same answer as comparing the largest move with the skin.
     */
    static boolean withinSkin(float[] x, float[] y, float[] ax, float[] ay, int n, float skin) {
        for (int i = 0; i < n; i++) {
            if (!(Math.abs(x[i] - ax[i]) + Math.abs(y[i] - ay[i]) <= skin)) {
                return false;
            }
        }
        return true;
    }
}
