package dev.trackgen.api.runtime;

/**
 * A device array of 2D points stored as interleaved float pairs {@code x0, y0, x1, y1, ...};
 * {@link #length()} counts pairs, so the backing storage holds {@code 2 * length()} floats.
 */
public interface Vec2Array extends DeviceArray {
    @Override
    default KernelParam.Type type() {
        return KernelParam.Type.VEC2_ARRAY;
    }

    /**
     * The host data of an array that lives in host memory, for Java kernel bodies
     * ({@link KernelArgs#vec2(int)}).
     *
     * @return the backing floats, interleaved x, y pairs (not a copy)
     * @throws UnsupportedOperationException for an array in device memory
     */
    default float[] hostData() {
        throw new UnsupportedOperationException(this + " lives in device memory: Java kernel bodies cannot read it");
    }
}
