package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;

/**
 * Agent-sphere contacts with the gates, {@code [E * A]} entries, rewritten in place by every
 * {@link GateCollider#query()}.
 */
public final class GateContacts {
    private final I32Array hit;
    private final F32Array depth;
    private final I32Array gate;

    GateContacts(ComputeRuntime runtime, int queries) {
        this.hit = runtime.allocI32(queries);
        this.depth = runtime.allocF32(queries);
        this.gate = runtime.allocI32(queries);
    }

    /** @return {@code [E * A]} 1 where the agent's sphere penetrates a post or frame member */
    public I32Array hit() {
        return hit;
    }

    /** @return {@code [E * A]} the largest penetration depth, world units (0 without a hit) */
    public F32Array depth() {
        return depth;
    }

    /** @return {@code [E * A]} the gate of the largest penetration, -1 without a hit */
    public I32Array gate() {
        return gate;
    }
}
