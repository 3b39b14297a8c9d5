package dev.trackgen.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LockScope;

/**
 * The persistent output of a {@link GateGenerator}: one batch of {@code E} gate courses on the
 * generator's runtime, allocated once and rewritten in place by every {@code generate()} call,
 * so a simulator can bind its arrays once. {@link #snapshot()} makes a host copy.
 *
 * <p>Layout: per-gate arrays hold {@code E * G_max} gates ({@code G_max = max_gates}), env
 * {@code e}'s gate {@code i} at {@code e * G_max + i} (times 3 for the 3-vectors, times 4 for the
 * quaternions); only the first {@code count[e]} gates are real, every slot past them is NaN. Gates
 * are in flying order: gate {@code i} is followed by gate {@code (i + 1) mod count[e]}.
 * <ul>
 *   <li>{@code position} {@code [E * G_max * 3]}: gate centers {@code x, y, z}, world units;</li>
 *   <li>{@code tangent} {@code [E * G_max * 3]}: unit 3D course tangent at the gate (the course
 *       line's direction through its center);</li>
 *   <li>{@code orientation} {@code [E * G_max * 4]}: unit quaternion {@code (x, y, z, w)} of the
 *       gate's roll-free frame; body {@code x} = forward through the opening, {@code y} = left
 *       (always horizontal), {@code z} = up;</li>
 *   <li>{@code halfSize} {@code [E * G_max]}: half the side of the square opening ({@code gate_width / 2});</li>
 *   <li>{@code left}, {@code right} {@code [E * G_max * 3]}: the bar endpoints, center plus and
 *       minus {@code halfSize} times body {@code y};</li>
 *   <li>{@code count} {@code [E]} real gates; {@code valid} {@code [E]} 1 where the course passed
 *       the validity gate (docs/gates.md, "Validity");</li>
 *   <li>{@code linePoints} {@code [E * L_max * 3]}, {@code L_max = G_max * samples_per_gate}: the
 *       closed course line (a periodic Catmull-Rom spline through the gate centers), sample
 *       {@code k * samples_per_gate} at gate {@code k}'s center, NaN past {@code lineCount[e]};
 *       {@code lineArclen} {@code [E * L_max]} cumulative 3D arc length (0 at sample 0);
 *       {@code lineLength} {@code [E]} closed 3D length; {@code lineCount} {@code [E]} =
 *       {@code count[e] * samples_per_gate}.</li>
 * </ul>
 */
public final class GateCourse {
    private final ComputeRuntime runtime;
    private final LockScope exclusive;
    private final int numEnvs;
    private final int gMax;
    private final int lineMax;
    private final F32Array position;
    private final F32Array tangent;
    private final F32Array orientation;
    private final F32Array halfSize;
    private final F32Array left;
    private final F32Array right;
    private final I32Array count;
    private final I32Array valid;
    private final F32Array linePoints;
    private final F32Array lineArclen;
    private final F32Array lineLength;
    private final I32Array lineCount;

    private GateCourse(ComputeRuntime runtime, int numEnvs, int gMax, int samplesPerGate) {
        this.runtime = runtime;
        this.exclusive = new LockScope(runtime.executionLock());
        this.numEnvs = numEnvs;
        this.gMax = gMax;
        this.lineMax = Math.multiplyExact(gMax, samplesPerGate);
        int g = Math.multiplyExact(numEnvs, gMax);
        int l = Math.multiplyExact(numEnvs, lineMax);
        this.position = runtime.allocF32(Math.multiplyExact(3, g));
        this.tangent = runtime.allocF32(3 * g);
        this.orientation = runtime.allocF32(Math.multiplyExact(4, g));
        this.halfSize = runtime.allocF32(g);
        this.left = runtime.allocF32(3 * g);
        this.right = runtime.allocF32(3 * g);
        this.count = runtime.allocI32(numEnvs);
        this.valid = runtime.allocI32(numEnvs);
        this.linePoints = runtime.allocF32(Math.multiplyExact(3, l));
        this.lineArclen = runtime.allocF32(l);
        this.lineLength = runtime.allocF32(numEnvs);
        this.lineCount = runtime.allocI32(numEnvs);
    }

    /**
     * Allocates the arrays of a batch.
     *
     * @param runtime        where the arrays live
     * @param numEnvs        batch size {@code E >= 1}
     * @param gMax           gate stride {@code >= 1}
     * @param samplesPerGate course-line samples per gate {@code >= 1}
     * @return the batch (contents undefined until written)
     * @throws IllegalArgumentException for a size below 1
     */
    public static GateCourse allocate(ComputeRuntime runtime, int numEnvs, int gMax, int samplesPerGate) {
        if (numEnvs < 1 || gMax < 1 || samplesPerGate < 1) {
            throw new IllegalArgumentException("numEnvs, gMax and samplesPerGate must be >= 1, got " + numEnvs + ", "
                    + gMax + ", " + samplesPerGate);
        }
        return new GateCourse(runtime, numEnvs, gMax, samplesPerGate);
    }

    /** @return batch size {@code E} */
    public int numEnvs() {
        return numEnvs;
    }

    /** @return gate stride {@code G_max} ({@code max_gates}) */
    public int gMax() {
        return gMax;
    }

    /** @return course-line stride {@code L_max = G_max * samples_per_gate} */
    public int lineMax() {
        return lineMax;
    }

    /** @return course-line samples per gate */
    public int samplesPerGate() {
        return lineMax / gMax;
    }

    /** @return the runtime the arrays live on */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** @return gate centers, {@code [E * G_max * 3]} */
    public F32Array position() {
        return position;
    }

    /** @return unit course tangents at the gates, {@code [E * G_max * 3]} */
    public F32Array tangent() {
        return tangent;
    }

    /** @return gate frames as unit quaternions {@code (x, y, z, w)}, {@code [E * G_max * 4]} */
    public F32Array orientation() {
        return orientation;
    }

    /** @return half-sides of the openings, {@code [E * G_max]} */
    public F32Array halfSize() {
        return halfSize;
    }

    /** @return left bar endpoints, {@code [E * G_max * 3]} */
    public F32Array left() {
        return left;
    }

    /** @return right bar endpoints, {@code [E * G_max * 3]} */
    public F32Array right() {
        return right;
    }

    /** @return real gates per env, {@code [E]} */
    public I32Array count() {
        return count;
    }

    /** @return validity flags, {@code [E]} */
    public I32Array valid() {
        return valid;
    }

    /** @return course-line samples, {@code [E * L_max * 3]} */
    public F32Array linePoints() {
        return linePoints;
    }

    /** @return cumulative 3D arc length of the course line, {@code [E * L_max]} */
    public F32Array lineArclen() {
        return lineArclen;
    }

    /** @return closed 3D length of the course line, {@code [E]} */
    public F32Array lineLength() {
        return lineLength;
    }

    /** @return real course-line samples, {@code [E]} */
    public I32Array lineCount() {
        return lineCount;
    }

    /** @return a host copy of the batch */
    public GateCourseSnapshot snapshot() {
        GateCourseSnapshot s = GateCourseSnapshot.allocate(numEnvs, gMax, lineMax);
        snapshotInto(s);
        return s;
    }

    /**
     * Copies the batch into a snapshot of the same shape (allocation-free).
     *
     * @param dst the snapshot to overwrite
     * @throws IllegalArgumentException if its shape differs
     */
    public void snapshotInto(GateCourseSnapshot dst) {
        if (dst.numEnvs() != numEnvs || dst.gMax() != gMax || dst.lineMax() != lineMax) {
            throw new IllegalArgumentException("the snapshot holds E = " + dst.numEnvs() + ", G_max = " + dst.gMax()
                    + ", L_max = " + dst.lineMax() + " but the course " + numEnvs + ", " + gMax + ", " + lineMax);
        }
        try (LockScope held = exclusive.acquire()) {
            runtime.download(position, dst.position());
            runtime.download(tangent, dst.tangent());
            runtime.download(orientation, dst.orientation());
            runtime.download(halfSize, dst.halfSize());
            runtime.download(left, dst.left());
            runtime.download(right, dst.right());
            runtime.download(count, dst.count());
            runtime.download(valid, dst.valid());
            runtime.download(linePoints, dst.linePoints());
            runtime.download(lineArclen, dst.lineArclen());
            runtime.download(lineLength, dst.lineLength());
            runtime.download(lineCount, dst.lineCount());
        }
    }
}
