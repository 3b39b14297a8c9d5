package dev.trackgen.api.runtime;

/**
 * A point array in host memory: {@code length()} pairs stored interleaved in a float array of
 * {@code 2 * length()} entries. Java kernel bodies read it through {@link KernelArgs#vec2(int)}.
 */
public final class HostVec2Array implements Vec2Array {
    private final float[] data;

    /** @param length number of (x, y) pairs (zero-filled) */
    public HostVec2Array(int length) {
        this.data = new float[Math.multiplyExact(2, length)];
    }

    /** @return the backing interleaved array (not a copy), of length {@code 2 * length()} */
    public float[] data() {
        return data;
    }

    @Override
    public float[] hostData() {
        return data;
    }

    @Override
    public int length() {
        return data.length / 2;
    }
}
