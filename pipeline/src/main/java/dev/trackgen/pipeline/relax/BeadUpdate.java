package dev.trackgen.pipeline.relax;

/**
 * The per-bead loops of one relaxation sweep, many beads at a time: the bead update (given the
 * previous sweep's positions and each bead's averaged separation push, every bead's new position)
 * and the skin check of the active candidate lists, with the same float operations, in the same
 * order, as the scalar loops of {@link XpbdRelaxKernel} and {@link RelaxScratch} (so the results
 * are bit for bit the same). Implemented with the JDK's Vector API
 * ({@link VectorBeadUpdate}) when that optional module is present; {@link BeadUpdates#preferred()}
 * says which one a run uses.
 */
interface BeadUpdate {
    /**
     * Updates beads {@code 0 .. m-1}: all of them ({@code m = n}) or, for a chain shorter than
     * one vector, none ({@code m = 0}); the caller finishes beads {@code m .. n-1}.
     *
     * @param xq    padded x: {@code xq[i + 1]} is bead {@code i}, {@code xq[0]} bead {@code n - 1},
     *              {@code xq[n + 1]} bead 0, {@code [n + 2]} at least
     * @param yq    padded y, the same way
     * @param sx    averaged separation push per bead, x, {@code [n]}
     * @param sy    averaged separation push per bead, y, {@code [n]}
     * @param ox    new x per bead, {@code [n]}
     * @param oy    new y per bead, {@code [n]}
     * @param px    the Chebyshev blend's previous iterate, x, {@code [n]}, or null for no blend
     * @param py    its y
     * @param n     beads
     * @param omega Chebyshev weight of this sweep
     * @param gamma Chebyshev under-relaxation
     * @param l0    rest length
     * @param rMin  bending guard radius
     * @param sr    separation scale
     * @param pr    spacing scale
     * @param br    bending scale
     * @return {@code m}, the beads updated
     */
    int update(float[] xq, float[] yq, float[] sx, float[] sy, float[] ox, float[] oy, float[] px, float[] py, int n,
               float omega, float gamma, float l0, float rMin, float sr, float pr, float br);

    /**
     * Whether every bead is still within {@code skin} (L1) of its anchor:
     * {@code |x_i - ax_i| + |y_i - ay_i| <= skin} for all {@code i < n}, false when a bead or an
     * anchor is not finite; the answer of {@code RelaxScratch.activeHolds}.
     *
     * @param x    bead x, {@code [n]}
     * @param y    bead y, {@code [n]}
     * @param ax   anchor x, {@code [n]}
     * @param ay   anchor y, {@code [n]}
     * @param n    beads, {@code >= 1}
     * @param skin the largest L1 move allowed, in track units
     * @return whether no bead moved more than {@code skin} from its anchor
     */
    boolean withinSkin(float[] x, float[] y, float[] ax, float[] ay, int n, float skin);

    /**
     * The terms of the chain pairs {@code (p, p + off)} of chain {@code c}, {@code p = 0 .. d-1},
     * into the scratch's chain arrays of that chain ({@code chainHiX, chainHiY, chainHiHits} at
     * {@code p}, {@code chainLoX, chainLoY, chainLoHits} at {@code p + off}), as
     * {@code XpbdRelaxKernel.chainTerms} computes them: all of them ({@code d = n - off}) or, when
     * fewer than one vector, none ({@code d = 0}); the caller computes pairs {@code d .. n-off-1}
     * and the entries no pair writes.
     *
     * @param x       bead x, {@code [n]}
     * @param y       bead y, {@code [n]}
     * @param n       beads
     * @param off     the chain's offset ({@code band + 1 + c})
     * @param c       the chain, {@code < RelaxScratch.CHAINS}; its cached flags are
     *                {@code w.chainSelf[c]} and {@code w.chainSend[c]}
     * @param target  separation target, track units
     * @param target2 {@code target * target}
     * @param w       the scratch holding the chain arrays ({@code [n]} each)
     * @return {@code d}, the pairs computed
     */
    int chainTerms(float[] x, float[] y, int n, int off, int c, float target, float target2, RelaxScratch w);

    /**
     * Adds each bead's chain terms to its separation sum, {@code acc = acc - lo[1] - lo[0] + hi[0]
     * + hi[1]} and the hits likewise in the scratch's arrays, for beads {@code 0 .. d-1}, as
     * {@code XpbdRelaxKernel.chainApply} does; the caller does beads {@code d .. n-1}.
     *
     * @param n beads
     * @param w the scratch
     * @return {@code d}: the beads in whole vectors, a multiple of the lane count
     */
    int chainApply(int n, RelaxScratch w);

    /**
     * Averages each bead's separation sum over its hits into the scratch's push arrays,
     * {@code sep = acc / max(hits, 1)}, and clears the sums, for beads {@code 0 .. d-1}, as
     * {@code XpbdRelaxKernel.averageSums} does; the caller does beads {@code d .. n-1}.
     *
     * @param n beads
     * @param w the scratch
     * @return {@code d}: the beads in whole vectors, a multiple of the lane count
     */
    int averageSums(int n, RelaxScratch w);
}
