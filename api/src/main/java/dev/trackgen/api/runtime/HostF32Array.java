package dev.trackgen.api.runtime;

/**
 * A float array in host memory, as allocated by host runtimes. Java kernel bodies read its
 * backing array through {@link KernelArgs#f32(int)}.
 */
public final class HostF32Array implements F32Array {
    private final float[] data;

    /** @param length number of floats (zero-filled) */
    public HostF32Array(int length) {
        this.data = new float[length];
    }

    /** @return the backing array (not a copy) */
    public float[] data() {
        return data;
    }

    @Override
    public float[] hostData() {
        return data;
    }

    @Override
    public int length() {
        return data.length;
    }
}
