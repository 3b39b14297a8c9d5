package dev.trackgen.course.collision;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The persistent result of a {@link DiscChecker}, {@code E * B} entries rewritten in place:
 * <ul>
 *   <li>{@code hit}: 1 when some disc touches the box (center within {@code radius} of the solid box);</li>
 *   <li>{@code disc}: the slot {@code d} (within the env) of the deepest disc, -1 when none;</li>
 *   <li>{@code depth}: its penetration {@code radius - distance}, in {@code [0, radius]}, 0 when none;</li>
 *   <li>{@code normal}: unit vector from that disc's center towards the box point nearest it (the
 *       way out for the box), NaN when none.</li>
 * </ul>
 * Inactive boxes (non-finite pose or extent) report no hit.
 */
public final class DiscContacts {
    private final I32Array hit;
    private final I32Array disc;
    private final F32Array depth;
    private final Vec2Array normal;

    DiscContacts(ComputeRuntime runtime, int boxes) {
        hit = runtime.allocI32(boxes);
        disc = runtime.allocI32(boxes);
        depth = runtime.allocF32(boxes);
        normal = runtime.allocVec2(boxes);
    }

    /** @return hit flags, {@code [E*B]} */
    public I32Array hit() {
        return hit;
    }

    /** @return deepest disc slot per box or -1, {@code [E*B]} */
    public I32Array disc() {
        return disc;
    }

    /** @return penetration depths, {@code [E*B]} */
    public F32Array depth() {
        return depth;
    }

    /** @return unit normals out of the disc, {@code [E*B]} pairs */
    public Vec2Array normal() {
        return normal;
    }

    /**
     * @param runtime the runtime the arrays live on
     * @return an independent host copy
     */
    public Snapshot snapshot(ComputeRuntime runtime) {
        int n = hit.length();
        Snapshot s = new Snapshot(new int[n], new int[n], new float[n], new float[2 * n]);
        runtime.download(hit, s.hit());
        runtime.download(disc, s.disc());
        runtime.download(depth, s.depth());
        runtime.download(normal, s.normal());
        return s;
    }

    /**
     * A host copy of a {@link DiscContacts}.
     *
     * @param hit    {@code [E*B]} flags
     * @param disc   {@code [E*B]} slots or -1
     * @param depth  {@code [E*B]} penetrations
     * @param normal {@code [2*E*B]} interleaved normals
     */
    public record Snapshot(int[] hit, int[] disc, float[] depth, float[] normal) {
    }
}
