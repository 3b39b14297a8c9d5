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
    private static final ThreadLocal<RelaxScratch> PER_THREAD = ThreadLocal.withInitial(RelaxScratch::new);

    /** Bead buffers {@code [3][nMax]}, x and y. */
    final float[][] xs = new float[3][];
    /** Bead buffers {@code [3][nMax]}, y. */
    final float[][] ys = new float[3][];
    /** {@code [nMax]} edge lengths and edge factors. */
    float[] edgeLen;
    float[] edgeFactor;
    /** {@code [4 * ceil(nMax / CHUNK)]} broadphase boxes. */
    float[] boxes;
    /** {@code [nMax]} candidates per bead and {@code [nMax * slots]} their indices, bead-major. */
    int[] cacheCount;
    int[] cacheIdx;
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
            edgeLen = new float[nMax];
            edgeFactor = new float[nMax];
            boxes = new float[XpbdRelaxKernel.boxFloats(nMax)];
            cacheCount = new int[nMax];
            capacity = nMax;
            slotCapacity = -1;
        }
        if (slots > slotCapacity) {
            cacheIdx = new int[capacity * slots];
            slotCapacity = slots;
        }
    }
}
