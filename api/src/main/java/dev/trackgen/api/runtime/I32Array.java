package dev.trackgen.api.runtime;

/** A device array of 32-bit signed integers. */
public interface I32Array extends DeviceArray {
    @Override
    default KernelParam.Type type() {
        return KernelParam.Type.I32_ARRAY;
    }
}
