package dev.trackgen.api.runtime;

/**
 * An int array in host memory, as allocated by host runtimes. Java kernel bodies read its
 * backing array through {@link KernelArgs#i32(int)}.
 */
public final class HostI32Array implements I32Array {
    private final int[] data;

    /** @param length number of ints (zero-filled) */
    public HostI32Array(int length) {
        this.data = new int[length];
    }

    /** @return the backing array (not a copy) */
    public int[] data() {
        return data;
    }

    @Override
    public int[] hostData() {
        return data;
    }

    @Override
    public int length() {
        return data.length;
    }
}
