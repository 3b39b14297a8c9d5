package dev.trackgen.api;

/**
 * A host copy of a {@link Track} batch, independent of the generator that produced it.
 *
 * <p>The array getters return the snapshot's own arrays (not copies) in the layout of
 * {@link Track}: points as interleaved pairs, env {@code e}'s point {@code i} at float index
 * {@code 2 * (e * nMax + i)}.
 */
public final class TrackSnapshot {
    private final int numEnvs;
    private final int nMax;
    private final float[] center;
    private final float[] outer;
    private final float[] inner;
    private final float[] tangent;
    private final float[] normal;
    private final float[] arclen;
    private final float[] leftHalfWidth;
    private final float[] rightHalfWidth;
    private final float[] centerZ;
    private final float[] outerZ;
    private final float[] innerZ;
    private final float[] bank;
    private final float[] arclen3d;
    private final float[] tangent3d;
    private final float[] length3d;
    private final float[] length;
    private final float[] winding;
    private final int[] valid;
    private final int[] count;

    /**
     * Allocates an empty snapshot, to be filled by {@link Track#snapshotInto(TrackSnapshot)}.
     *
     * @param numEnvs batch size E
     * @param nMax    stride N_max
     */
    public TrackSnapshot(int numEnvs, int nMax) {
        this.numEnvs = numEnvs;
        this.nMax = nMax;
        int points = Math.multiplyExact(numEnvs, nMax);
        this.center = new float[2 * points];
        this.outer = new float[2 * points];
        this.inner = new float[2 * points];
        this.tangent = new float[2 * points];
        this.normal = new float[2 * points];
        this.arclen = new float[points];
        this.leftHalfWidth = new float[points];
        this.rightHalfWidth = new float[points];
        this.centerZ = new float[points];
        this.outerZ = new float[points];
        this.innerZ = new float[points];
        this.bank = new float[points];
        this.arclen3d = new float[points];
        this.tangent3d = new float[3 * points];
        this.length3d = new float[numEnvs];
        this.length = new float[numEnvs];
        this.winding = new float[numEnvs];
        this.valid = new int[numEnvs];
        this.count = new int[numEnvs];
    }

    /** @return batch size E */
    public int numEnvs() {
        return numEnvs;
    }

    /** @return point stride N_max */
    public int nMax() {
        return nMax;
    }

    /** @return centerline, {@code [E * N_max]} interleaved pairs */
    public float[] center() {
        return center;
    }

    /** @return outer border, {@code [E * N_max]} interleaved pairs */
    public float[] outer() {
        return outer;
    }

    /** @return inner border, {@code [E * N_max]} interleaved pairs */
    public float[] inner() {
        return inner;
    }

    /** @return unit tangents, {@code [E * N_max]} interleaved pairs */
    public float[] tangent() {
        return tangent;
    }

    /** @return unit left normals, {@code [E * N_max]} interleaved pairs */
    public float[] normal() {
        return normal;
    }

    /** @return cumulative arc length, {@code [E * N_max]} */
    public float[] arclen() {
        return arclen;
    }

    /**
     * @return left half-widths (distance to the {@code +normal} border), {@code [E * N_max]}
     *         floats, world units, NaN past the count (see {@link Track#leftHalfWidth()})
     */
    public float[] leftHalfWidth() {
        return leftHalfWidth;
    }

    /**
     * @return right half-widths (distance to the {@code -normal} border), {@code [E * N_max]}
     *         floats, world units, NaN past the count (see {@link Track#rightHalfWidth()})
     */
    public float[] rightHalfWidth() {
        return rightHalfWidth;
    }

    /** @return centerline heights, {@code [E * N_max]} floats, world units (see {@link Track#centerZ()}) */
    public float[] centerZ() {
        return centerZ;
    }

    /** @return outer border heights, {@code [E * N_max]} floats, world units (see {@link Track#outerZ()}) */
    public float[] outerZ() {
        return outerZ;
    }

    /** @return inner border heights, {@code [E * N_max]} floats, world units (see {@link Track#innerZ()}) */
    public float[] innerZ() {
        return innerZ;
    }

    /** @return bank angles, {@code [E * N_max]} floats, radians (see {@link Track#bank()}) */
    public float[] bank() {
        return bank;
    }

    /** @return cumulative 3D arc length, {@code [E * N_max]} floats (see {@link Track#arclen3d()}) */
    public float[] arclen3d() {
        return arclen3d;
    }

    /** @return unit 3D tangents, {@code [E * N_max]} float triples (see {@link Track#tangent3d()}) */
    public float[] tangent3d() {
        return tangent3d;
    }

    /** @return closed 3D length per track, {@code [E]} (see {@link Track#length3d()}) */
    public float[] length3d() {
        return length3d;
    }

    /** @return perimeters, {@code [E]} */
    public float[] length() {
        return length;
    }

    /** @return winding signs, {@code [E]} */
    public float[] winding() {
        return winding;
    }

    /** @return validity flags (1 valid), {@code [E]} */
    public int[] valid() {
        return valid;
    }

    /** @return real point counts, {@code [E]} */
    public int[] count() {
        return count;
    }

    /**
     * @param e env index
     * @return whether track {@code e} is valid
     */
    public boolean isValid(int e) {
        return valid[e] != 0;
    }

    /**
     * @param e env index
     * @return real points of track {@code e}
     */
    public int count(int e) {
        return count[e];
    }

    /** @return the number of valid tracks */
    public int validCount() {
        int n = 0;
        for (int v : valid) {
            n += v != 0 ? 1 : 0;
        }
        return n;
    }

    /** @return the fraction of valid tracks, in {@code [0, 1]} */
    public double yield() {
        return validCount() / (double) numEnvs;
    }

    /**
     * @param e env index
     * @return track {@code e}'s real centerline points as a new array of {@code 2 * count(e)} floats
     */
    public float[] centerline(int e) {
        float[] out = new float[2 * count[e]];
        System.arraycopy(center, 2 * e * nMax, out, 0, out.length);
        return out;
    }
}
