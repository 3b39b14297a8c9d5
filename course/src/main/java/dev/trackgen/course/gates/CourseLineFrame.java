package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;

/**
 * Where each agent is along its env's course line, {@code [E * A]} entries (agent {@code a} of
 * env {@code e} at {@code e * A + a}), rewritten in place by every
 * {@link CourseLineLocalizer#query()}.
 *
 * <ul>
 *   <li>{@code s}: 3D arc length of the foot point, in {@code [0, lineLength[e])}, world units;</li>
 *   <li>{@code n}: signed lateral offset from the foot point, positive on the left of the
 *       direction of travel (the roll-free frame's left axis);</li>
 *   <li>{@code nUp}: signed vertical offset in that frame, positive above the line;</li>
 *   <li>{@code segment}: the nearest line segment {@code i -> i + 1}, -1 for a NaN position.</li>
 * </ul>
 */
public final class CourseLineFrame {
    private final F32Array s;
    private final F32Array n;
    private final F32Array nUp;
    private final I32Array segment;

    CourseLineFrame(ComputeRuntime runtime, int queries) {
        this.s = runtime.allocF32(queries);
        this.n = runtime.allocF32(queries);
        this.nUp = runtime.allocF32(queries);
        this.segment = runtime.allocI32(queries);
    }

    /** @return {@code [E * A]} 3D arc length along the course line, world units */
    public F32Array s() {
        return s;
    }

    /** @return {@code [E * A]} signed lateral offset, positive on the left, world units */
    public F32Array n() {
        return n;
    }

    /** @return {@code [E * A]} signed vertical offset in the roll-free frame, positive up, world units */
    public F32Array nUp() {
        return nUp;
    }

    /** @return {@code [E * A]} nearest segment index, -1 for a NaN position */
    public I32Array segment() {
        return segment;
    }
}
