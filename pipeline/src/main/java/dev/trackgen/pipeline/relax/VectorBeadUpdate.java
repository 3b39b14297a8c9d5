package dev.trackgen.pipeline.relax;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link BeadUpdate} with the Vector API (module {@code jdk.incubator.vector}, an incubator module
 * in Java 17: the JVM needs {@code --add-modules jdk.incubator.vector}), one bead per lane of the
 * platform's preferred float vector. Each lane performs the scalar loop's operations for its
 * bead: lane-wise IEEE adds, multiplies, divisions and square roots, no fused multiply-add, the
 * bending guard's branch as a mask (its lanes computed only when some lane needs them, the others
 * blended to {@code +0}), so every result is bit for bit the scalar one. Loaded only through
 * {@link BeadUpdates}, which falls back to the scalar loop when the module is absent.
 */
final class VectorBeadUpdate implements BeadUpdate {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

    /** @return floats per vector */
    int lanes() {
        return SPECIES.length();
    }

    @Override
    public int update(float[] xq, float[] yq, float[] sx, float[] sy, float[] ox, float[] oy, float[] px, float[] py,
                      int n, float omega, float gamma, float l0, float rMin, float sr, float pr, float br) {
        int lanes = SPECIES.length();
        if (n < lanes) {
            return 0;
        }
        FloatVector zero = FloatVector.zero(SPECIES);
        // whole vectors from bead 0, the last one ending at bead n - 1 (overlapping the one
        // before it: a bead's update reads only the previous sweep, so writing it twice writes
        // the same floats)
        for (int k = 0; k < n; k += lanes) {
            int i = Math.min(k, n - lanes);
            FloatVector xp = FloatVector.fromArray(SPECIES, xq, i);
            FloatVector xi = FloatVector.fromArray(SPECIES, xq, i + 1);
            FloatVector xn = FloatVector.fromArray(SPECIES, xq, i + 2);
            FloatVector yp = FloatVector.fromArray(SPECIES, yq, i);
            FloatVector yi = FloatVector.fromArray(SPECIES, yq, i + 1);
            FloatVector yn = FloatVector.fromArray(SPECIES, yq, i + 2);
            FloatVector dpx = xi.sub(xp);
            FloatVector dpy = yi.sub(yp);
            FloatVector dnx = xn.sub(xi);
            FloatVector dny = yn.sub(yi);
            FloatVector lenP = dpx.mul(dpx).add(dpy.mul(dpy)).sqrt();
            FloatVector lenN = dnx.mul(dnx).add(dny.mul(dny)).sqrt();
            FloatVector lP = lenP.max(1.0e-9f);
            FloatVector lN = lenN.max(1.0e-9f);
            FloatVector fp = lP.sub(l0).div(lP);
            FloatVector fn = lN.sub(l0).div(lN);
            FloatVector spx = fn.mul(dnx).sub(fp.mul(dpx)).mul(0.25f);
            FloatVector spy = fn.mul(dny).sub(fp.mul(dpy)).mul(0.25f);
            FloatVector twoCross = dpx.mul(dny).sub(dpy.mul(dnx)).abs().mul(2.0f);
            FloatVector cx = xn.sub(xp);
            FloatVector cy = yn.sub(yp);
            FloatVector lc2 = cx.mul(cx).add(cy.mul(cy));
            FloatVector lpln = lenP.mul(lenN);
            FloatVector q = twoCross.mul(rMin);
            VectorMask<Float> tight = q.mul(q).compare(VectorOperators.GT, lpln.mul(lpln).mul(lc2));
            FloatVector bscale = zero;
            if (tight.anyTrue()) {
                FloatVector radius = lpln.mul(lc2.sqrt()).max(1.0e-12f).div(twoCross);
                FloatVector scale = FloatVector.broadcast(SPECIES, rMin).sub(radius).div(rMin).mul(br).min(1.0f);
                bscale = zero.blend(scale, tight);
            }
            FloatVector sxv = FloatVector.fromArray(SPECIES, sx, i);
            FloatVector syv = FloatVector.fromArray(SPECIES, sy, i);
            FloatVector hx = xi.add(sxv.mul(sr)).add(spx.mul(pr)).add(bscale.mul(xp.add(xn).mul(0.5f).sub(xi)));
            FloatVector hy = yi.add(syv.mul(sr)).add(spy.mul(pr)).add(bscale.mul(yp.add(yn).mul(0.5f).sub(yi)));
            if (px != null) {
                FloatVector qx = FloatVector.fromArray(SPECIES, px, i);
                FloatVector qy = FloatVector.fromArray(SPECIES, py, i);
                hx = hx.sub(xi).mul(gamma).add(xi.sub(qx)).mul(omega).add(qx);
                hy = hy.sub(yi).mul(gamma).add(yi.sub(qy)).mul(omega).add(qy);
            }
            hx.intoArray(ox, i);
            hy.intoArray(oy, i);
        }
        return n;
    }

    @Override
    public boolean withinSkin(float[] x, float[] y, float[] ax, float[] ay, int n, float skin) {
        int lanes = SPECIES.length();
        if (n < lanes) {
            return RelaxScratch.withinSkin(x, y, ax, ay, n, skin);
        }
        // whole vectors, the last one ending at bead n - 1; the same sums as the scalar loop, and
        // "every lane <= skin" is false for a NaN lane as the scalar test is
        for (int k = 0; k < n; k += lanes) {
            int i = Math.min(k, n - lanes);
            FloatVector dx = FloatVector.fromArray(SPECIES, x, i).sub(FloatVector.fromArray(SPECIES, ax, i)).abs();
            FloatVector dy = FloatVector.fromArray(SPECIES, y, i).sub(FloatVector.fromArray(SPECIES, ay, i)).abs();
            if (!dx.add(dy).compare(VectorOperators.LE, skin).allTrue()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int chainTerms(float[] x, float[] y, int n, int off, int c, float target, float target2, RelaxScratch w) {
        int lanes = SPECIES.length();
        int m = n - off;
        if (m < lanes) {
            return 0;
        }
        FloatVector zero = FloatVector.zero(SPECIES);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        float[] chainSelf = w.chainSelf[c];
        float[] chainSend = w.chainSend[c];
        float[] loX = w.chainLoX[c];
        float[] loY = w.chainLoY[c];
        float[] loH = w.chainLoHits[c];
        float[] hiX = w.chainHiX[c];
        float[] hiY = w.chainHiY[c];
        float[] hiH = w.chainHiHits[c];
        // whole vectors from pair 0, the last one ending at pair m - 1 (a pair's entries depend on
        // the positions only, so writing them twice writes the same floats)
        for (int k = 0; k < m; k += lanes) {
            int p = Math.min(k, m - lanes);
            FloatVector ddx = FloatVector.fromArray(SPECIES, x, p).sub(FloatVector.fromArray(SPECIES, x, p + off));
            FloatVector ddy = FloatVector.fromArray(SPECIES, y, p).sub(FloatVector.fromArray(SPECIES, y, p + off));
            FloatVector d2 = ddx.mul(ddx).add(ddy.mul(ddy));
            VectorMask<Float> hit = d2.compare(VectorOperators.LT, target2);
            FloatVector tx = zero;
            FloatVector ty = zero;
            if (hit.anyTrue()) {
                FloatVector dist = d2.sqrt().max(1.0e-9f);
                FloatVector wt = FloatVector.broadcast(SPECIES, target).sub(dist).mul(0.5f).div(dist);
                tx = wt.mul(ddx);
                ty = wt.mul(ddy);
            }
            VectorMask<Float> self = hit.and(FloatVector.fromArray(SPECIES, chainSelf, p).compare(VectorOperators.NE, 0f));
            VectorMask<Float> send = hit.and(FloatVector.fromArray(SPECIES, chainSend, p).compare(VectorOperators.NE, 0f));
            zero.blend(tx, self).intoArray(hiX, p);
            zero.blend(ty, self).intoArray(hiY, p);
            zero.blend(one, self).intoArray(hiH, p);
            zero.blend(tx, send).intoArray(loX, p + off);
            zero.blend(ty, send).intoArray(loY, p + off);
            zero.blend(one, send).intoArray(loH, p + off);
        }
        return m;
    }

    @Override
    public int chainApply(int n, RelaxScratch w) {
        int lanes = SPECIES.length();
        // disjoint whole vectors only (a read-modify-write: no bead may be updated twice); the
        // caller's scalar loop does the rest
        int k = 0;
        for (; k + lanes <= n; k += lanes) {
            applyChain(k, w, w.accX, w.accY, w.accHits);
        }
        return k;
    }

    private static void applyChain(int k, RelaxScratch w, float[] accX, float[] accY, float[] accHits) {
        applyChain(k, accX, w.chainLoX, w.chainHiX);
        applyChain(k, accY, w.chainLoY, w.chainHiY);
        FloatVector.fromArray(SPECIES, accHits, k).add(FloatVector.fromArray(SPECIES, w.chainLoHits[1], k))
                .add(FloatVector.fromArray(SPECIES, w.chainLoHits[0], k))
                .add(FloatVector.fromArray(SPECIES, w.chainHiHits[0], k))
                .add(FloatVector.fromArray(SPECIES, w.chainHiHits[1], k)).intoArray(accHits, k);
    }

    /** {@code acc - lo[1] - lo[0] + hi[0] + hi[1]} for the beads of the vector at {@code k}. */
    private static void applyChain(int k, float[] acc, float[][] lo, float[][] hi) {
        FloatVector.fromArray(SPECIES, acc, k).sub(FloatVector.fromArray(SPECIES, lo[1], k))
                .sub(FloatVector.fromArray(SPECIES, lo[0], k)).add(FloatVector.fromArray(SPECIES, hi[0], k))
                .add(FloatVector.fromArray(SPECIES, hi[1], k)).intoArray(acc, k);
    }

    @Override
    public int averageSums(int n, RelaxScratch w) {
        int lanes = SPECIES.length();
        float[] accX = w.accX;
        float[] accY = w.accY;
        float[] accHits = w.accHits;
        FloatVector zero = FloatVector.zero(SPECIES);
        // disjoint whole vectors only: a bead's sums are cleared once averaged, so none may be
        // averaged twice; the caller's scalar loop does the rest
        int k = 0;
        for (; k + lanes <= n; k += lanes) {
            FloatVector h = FloatVector.fromArray(SPECIES, accHits, k).max(1f);
            FloatVector.fromArray(SPECIES, accX, k).div(h).intoArray(w.sepX, k);
            FloatVector.fromArray(SPECIES, accY, k).div(h).intoArray(w.sepY, k);
            zero.intoArray(accX, k);
            zero.intoArray(accY, k);
            zero.intoArray(accHits, k);
        }
        return k;
    }
}
