package dev.trackgen.api.runtime;

/**
 * A point array in host memory: {@code length()} pairs stored interleaved in a float array of
 * {@code 2 * length()} entries ({@link #data()}, not a copy). Java kernel bodies read it through
 * {@link KernelArgs#vec2(int)}.
 */
public final class HostVec2Array extends HostFloatStorage implements Vec2Array {
    /** @param length number of (x, y) pairs (zero-filled) */
    public HostVec2Array(int length) {
        super(Math.multiplyExact(2, length));
    }

    @Override
    public int length() {
        return data().length / 2;
    }
}
