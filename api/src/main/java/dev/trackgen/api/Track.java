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
            runtime.download(length, dst.length());
            runtime.download(winding, dst.winding());
            runtime.download(valid, dst.valid());
            runtime.download(count, dst.count());
        }
    }
}
