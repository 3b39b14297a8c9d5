package dev.trackgen.api.runtime;

/** A device array of 32-bit signed integers. */
public interface I32Array extends DeviceArray {
    @Override
    default KernelParam.Type type() {
        return KernelParam.Type.I32_ARRAY;
    }

    /**
     * The host data of an array that lives in host memory, for Java kernel bodies
     * ({@link KernelArgs#i32(int)}).
     *
     * @return the backing ints (not a copy)
     * @throws UnsupportedOperationException for an array in device memory
     */
    default int[] hostData() {
        throw new UnsupportedOperationException(this + " lives in device memory: Java kernel bodies cannot read it");
    }
}
