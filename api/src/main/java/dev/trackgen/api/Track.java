package dev.trackgen.api;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.Vec2Array;


/**
 * The persistent output of a {@code TrackGenerator}: one batch of {@code E} tracks living on the
 * generator's runtime, allocated once and rewritten in place by every {@code generate()} call.
 * Its arrays never move, so a simulator can bake their device addresses once; use
 * {@link #snapshot()} for an independent host copy.
 *
 * <p>Layout (see docs/architecture.md): per-point arrays hold {@code E * N_max} entries, env
 * {@code e}'s point {@code i} at {@code e * N_max + i}; only the first {@code count[e]} points of
 * an env are real and every slot past it is NaN.
 * <ul>
 *   <li>{@code center, outer, inner}: {@code [E * N_max]} points, world units; the borders lie
 *       at the local half-widths from the centerline along the normal (exactly
 *       {@code half_width} at the constant-width default), index-aligned with it, and
 *       {@code outer} is the border enclosing the larger area;</li>
 *   <li>{@code leftHalfWidth, rightHalfWidth}: {@code [E * N_max]} floats, world units: the
 *       distance from each centerline point to the border on its {@code +normal} side (the left
 *       normal {@code (-t.y, t.x)}) and on its {@code -normal} side; every real point holds
 *       {@code half_width} in both at the constant-width default; NaN past {@code count[e]};</li>
 *   <li>{@code centerZ, outerZ, innerZ}: {@code [E * N_max]} heights of the centerline and border
 *       points, {@code bank}: bank angles, {@code arclen3d}: 3D arc length, {@code tangent3d}:
 *       {@code [3 * E * N_max]} unit 3D tangents, {@code length3d}: {@code [E]} (the elevation
 *       stage, docs/elevation.md; {@code z_base}, 0 and the plan-view values at the flat default);</li>
 *   <li>{@code tangent}: {@code [E * N_max]} unit tangents (central difference);
 *       {@code normal}: unit left normals {@code (-t.y, t.x)};</li>
 *   <li>{@code arclen}: {@code [E * N_max]} cumulative arc length at each point, 0 at point 0;</li>
 *   <li>{@code length}: {@code [E]} closed perimeter; {@code winding}: {@code [E]} +1 for
 *       counter-clockwise, -1 for clockwise, 0 for degenerate;</li>
 *   <li>{@code valid}: {@code [E]} 1 when the track passed the validity gate, else 0;
 *       {@code count}: {@code [E]} real points per track.</li>
 * </ul>
 */
public final class Track {
    private final ComputeRuntime runtime;
    /** The runtime's execution lock, held for every public call. */
    private final LockScope exclusive;
    private final int numEnvs;
    private final int nMax;
    private final Vec2Array center;
    private final Vec2Array outer;
    private final Vec2Array inner;
    private final Vec2Array tangent;
    private final Vec2Array normal;
    private final F32Array arclen;
    private final F32Array leftHalfWidth;
    private final F32Array rightHalfWidth;
    private final F32Array centerZ;
    private final F32Array outerZ;
    private final F32Array innerZ;
    private final F32Array bank;
    private final F32Array arclen3d;
    private final F32Array tangent3d;
    private final F32Array length3d;
    private final F32Array length;
    private final F32Array winding;
    private final I32Array valid;
    private final I32Array count;

    private Track(ComputeRuntime runtime, int numEnvs, int nMax) {
        this.runtime = runtime;
        this.exclusive = new LockScope(runtime.executionLock());
        this.numEnvs = numEnvs;
        this.nMax = nMax;
        int points = Math.multiplyExact(numEnvs, nMax);
        this.center = runtime.allocVec2(points);
        this.outer = runtime.allocVec2(points);
        this.inner = runtime.allocVec2(points);
        this.tangent = runtime.allocVec2(points);
        this.normal = runtime.allocVec2(points);
        this.arclen = runtime.allocF32(points);
        this.leftHalfWidth = runtime.allocF32(points);
        this.rightHalfWidth = runtime.allocF32(points);
        this.centerZ = runtime.allocF32(points);
        this.outerZ = runtime.allocF32(points);
        this.innerZ = runtime.allocF32(points);
        this.bank = runtime.allocF32(points);
        this.arclen3d = runtime.allocF32(points);
        this.tangent3d = runtime.allocF32(Math.multiplyExact(3, points));
        this.length3d = runtime.allocF32(numEnvs);
        this.length = runtime.allocF32(numEnvs);
        this.winding = runtime.allocF32(numEnvs);
        this.valid = runtime.allocI32(numEnvs);
        this.count = runtime.allocI32(numEnvs);
    }

    /**
     * Allocates the arrays of a batch on a runtime.
     *
     * @param runtime where the arrays live
     * @param numEnvs batch size E, {@code >= 1}
     * @param nMax    stride N_max, {@code >= 1}
     * @return the track batch (contents undefined until written)
     */
    public static Track allocate(ComputeRuntime runtime, int numEnvs, int nMax) {
        if (numEnvs < 1 || nMax < 1) {
            throw new IllegalArgumentException("numEnvs and nMax must be >= 1, got " + numEnvs + ", " + nMax);
        }
        return new Track(runtime, numEnvs, nMax);
    }

    /**
     * Allocates a batch on a runtime and fills it from a host snapshot: the inverse of
     * {@link #snapshot()}. Every array is copied, per-point half-widths and heights included, so a
     * track imported, edited or loaded on the host can be driven by the course like a generated one.
     *
     * @param runtime where the arrays live
     * @param src     the host arrays, any E and N_max
     * @return a new batch with {@code src}'s shape and contents
     */
    public static Track fromSnapshot(ComputeRuntime runtime, TrackSnapshot src) {
        Track t = allocate(runtime, src.numEnvs(), src.nMax());
        t.uploadFrom(src);
        return t;
    }

    /** @return the batch size E */
    public int numEnvs() {
        return numEnvs;
    }

    /** @return the point stride N_max */
    public int nMax() {
        return nMax;
    }

    /** @return the runtime the arrays live on */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** @return centerline points, {@code [E * N_max]} */
    public Vec2Array center() {
        return center;
    }

    /** @return outer border points, {@code [E * N_max]} */
    public Vec2Array outer() {
        return outer;
    }

    /** @return inner border points, {@code [E * N_max]} */
    public Vec2Array inner() {
        return inner;
    }

    /** @return unit tangents, {@code [E * N_max]} */
    public Vec2Array tangent() {
        return tangent;
    }

    /** @return unit left normals, {@code [E * N_max]} */
    public Vec2Array normal() {
        return normal;
    }

    /** @return cumulative arc length, {@code [E * N_max]} */
    public F32Array arclen() {
        return arclen;
    }

    /**
     * The half-width on the left of the direction of travel: the distance, in world units, from
     * each centerline point to the border on the {@code +normal} side ({@code c + w_l * n}).
     *
     * @return {@code [E * N_max]} floats, env {@code e}'s point {@code i} at
     *         {@code e * N_max + i}; {@code half_width} for every real point at the constant-width
     *         default; NaN past {@code count[e]}
     */
    public F32Array leftHalfWidth() {
        return leftHalfWidth;
    }

    /**
     * The half-width on the right of the direction of travel: the distance, in world units, from
     * each centerline point to the border on the {@code -normal} side ({@code c - w_r * n}).
     *
     * @return {@code [E * N_max]} floats, layout of {@link #leftHalfWidth()}; NaN past
     *         {@code count[e]}
     */
    public F32Array rightHalfWidth() {
        return rightHalfWidth;
    }

    /**
     * Centerline heights, written by the elevation stage after the inflation
     * (docs/elevation.md): the world {@code z} of each {@link #center()} point, which keeps its
     * plan-view {@code (x, y)}.
     *
     * @return {@code [E * N_max]} floats, world units, layout of {@link #leftHalfWidth()};
     *         {@code z_base} at every real point at the flat default; NaN past {@code count[e]}
     */
    public F32Array centerZ() {
        return centerZ;
    }

    /**
     * Heights of the {@link #outer()} border points: the centerline height plus the bank's
     * cross-slope over the half-width on that side.
     *
     * @return {@code [E * N_max]} floats, world units; {@link #centerZ()} where the bank is 0;
     *         NaN past {@code count[e]}
     */
    public F32Array outerZ() {
        return outerZ;
    }

    /**
     * Heights of the {@link #inner()} border points (see {@link #outerZ()}).
     *
     * @return {@code [E * N_max]} floats, world units; NaN past {@code count[e]}
     */
    public F32Array innerZ() {
        return innerZ;
    }

    /**
     * Bank angle (roll of the road's cross-section about the centerline): positive lowers the
     * {@code +normal} (left) border, {@code z = center_z - d tan(bank)} at signed lateral offset
     * {@code d} along the normal, so a left turn's bank is positive; within {@code bank_max}.
     *
     * @return {@code [E * N_max]} floats, radians; 0 at the default; NaN past {@code count[e]}
     */
    public F32Array bank() {
        return bank;
    }

    /**
     * Cumulative 3D arc length of the centerline: the sum of the chords
     * {@code sqrt(ds^2 + dz^2)} between consecutive points, 0 at point 0 (accumulated in double).
     * Equals {@link #arclen()} bit for bit where the track is flat.
     *
     * @return {@code [E * N_max]} floats, world units; NaN past {@code count[e]}
     */
    public F32Array arclen3d() {
        return arclen3d;
    }

    /**
     * Unit 3D tangents of the centerline, interleaved {@code (x, y, z)}: the plan-view
     * {@link #tangent()} {@code t} lifted by the central-difference grade {@code g} over plan-view
     * arc length, {@code (t.x, t.y, g) / sqrt(1 + g^2)}; {@code (t.x, t.y, 0)} where the track is flat.
     *
     * @return {@code [3 * E * N_max]} floats, env {@code e}'s point {@code i} at
     *         {@code 3 * (e * N_max + i)}; NaN past {@code count[e]}
     */
    public F32Array tangent3d() {
        return tangent3d;
    }

    /** @return closed 3D length of the centerline per track ({@link #arclen3d()} plus the closing chord), {@code [E]} */
    public F32Array length3d() {
        return length3d;
    }

    /** @return perimeter per track, {@code [E]} */
    public F32Array length() {
        return length;
    }

    /** @return winding sign per track, {@code [E]} */
    public F32Array winding() {
        return winding;
    }

    /** @return validity flag per track (1 valid, 0 invalid), {@code [E]} */
    public I32Array valid() {
        return valid;
    }

    /** @return real point count per track, {@code [E]} */
    public I32Array count() {
        return count;
    }

    /**
     * Overwrites every array of the batch with a host snapshot of the same shape, without
     * allocating on the host: the inverse of {@link #snapshotInto(TrackSnapshot)}.
     *
     * @param src a snapshot with the same E and N_max
     * @throws IllegalArgumentException on a shape mismatch
     */
    public void uploadFrom(TrackSnapshot src) {
        if (src.numEnvs() != numEnvs || src.nMax() != nMax) {
            throw new IllegalArgumentException("snapshot shape [" + src.numEnvs() + ", " + src.nMax()
                    + "] differs from track shape [" + numEnvs + ", " + nMax + "]");
        }
        try (LockScope held = exclusive.acquire()) {
            runtime.upload(src.center(), center);
            runtime.upload(src.outer(), outer);
            runtime.upload(src.inner(), inner);
            runtime.upload(src.tangent(), tangent);
            runtime.upload(src.normal(), normal);
            runtime.upload(src.arclen(), arclen);
            runtime.upload(src.leftHalfWidth(), leftHalfWidth);
            runtime.upload(src.rightHalfWidth(), rightHalfWidth);
            runtime.upload(src.centerZ(), centerZ);
            runtime.upload(src.outerZ(), outerZ);
            runtime.upload(src.innerZ(), innerZ);
            runtime.upload(src.bank(), bank);
            runtime.upload(src.arclen3d(), arclen3d);
            runtime.upload(src.tangent3d(), tangent3d);
            runtime.upload(src.length3d(), length3d);
            runtime.upload(src.length(), length);
            runtime.upload(src.winding(), winding);
            runtime.upload(src.valid(), valid);
            runtime.upload(src.count(), count);
        }
    }

    /**
     * Copies the batch into a new, independent host snapshot.
     *
     * @return the snapshot
     */
    public TrackSnapshot snapshot() {
        TrackSnapshot s = new TrackSnapshot(numEnvs, nMax);
        snapshotInto(s);
        return s;
    }

    /**
     * Copies the batch into an existing snapshot of the same shape, without allocating.
     *
     * @param dst a snapshot with the same E and N_max
     * @throws IllegalArgumentException on a shape mismatch
     */
    public void snapshotInto(TrackSnapshot dst) {
        if (dst.numEnvs() != numEnvs || dst.nMax() != nMax) {
            throw new IllegalArgumentException("snapshot shape [" + dst.numEnvs() + ", " + dst.nMax()
                    + "] differs from track shape [" + numEnvs + ", " + nMax + "]");
        }
        try (LockScope held = exclusive.acquire()) {
            runtime.download(center, dst.center());
            runtime.download(outer, dst.outer());
            runtime.download(inner, dst.inner());
            runtime.download(tangent, dst.tangent());
            runtime.download(normal, dst.normal());
            runtime.download(arclen, dst.arclen());
            runtime.download(leftHalfWidth, dst.leftHalfWidth());
            runtime.download(rightHalfWidth, dst.rightHalfWidth());
            runtime.download(centerZ, dst.centerZ());
            runtime.download(outerZ, dst.outerZ());
            runtime.download(innerZ, dst.innerZ());
            runtime.download(bank, dst.bank());
            runtime.download(arclen3d, dst.arclen3d());
            runtime.download(tangent3d, dst.tangent3d());
            runtime.download(length3d, dst.length3d());
            runtime.download(length, dst.length());
            runtime.download(winding, dst.winding());
            runtime.download(valid, dst.valid());
            runtime.download(count, dst.count());
        }
    }
}
