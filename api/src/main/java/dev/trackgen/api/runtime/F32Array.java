package dev.trackgen.api.runtime;

/** A device array of 32-bit floats. */
public interface F32Array extends DeviceArray {
    @Override
    default KernelParam.Type type() {
        return KernelParam.Type.F32_ARRAY;
    }
}
