package dev.trackgen.api.runtime;

/** A device array of 32-bit floats. */
public interface F32Array extends DeviceArray {
    @Override
    default KernelParam.Type type() {
        return KernelParam.Type.F32_ARRAY;
    }

    /**
     * The host data of an array that lives in host memory, for Java kernel bodies
     * ({@link KernelArgs#f32(int)}).
     *
     * @return the backing floats (not a copy)
     * @throws UnsupportedOperationException for an array in device memory
     */
    default float[] hostData() {
        throw new UnsupportedOperationException(this + " lives in device memory: Java kernel bodies cannot read it");
    }
}
