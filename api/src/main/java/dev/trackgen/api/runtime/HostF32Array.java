package dev.trackgen.api.runtime;

/**
 * A float array in host memory, as allocated by host runtimes. Java kernel bodies read its
 * backing array ({@link #data()}, not a copy) through {@link KernelArgs#f32(int)}.
 */
public final class HostF32Array extends HostFloatStorage implements F32Array {
    /** @param length number of floats (zero-filled) */
    public HostF32Array(int length) {
        super(length);
    }

    @Override
    public int length() {
        return data().length;
    }
}
