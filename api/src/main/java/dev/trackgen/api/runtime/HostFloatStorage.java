package dev.trackgen.api.runtime;

/**
 * The float storage shared by the host arrays whose Java kernel bodies read a {@code float[]}
 * ({@link HostF32Array}, {@link HostVec2Array}): the backing array, zero-filled, handed out as is.
 */
abstract class HostFloatStorage {
    private final float[] data;

    /** @param floats the backing array's length, in floats */
    HostFloatStorage(int floats) {
        this.data = new float[floats];
    }

    /** @return the backing array (not a copy) */
    public float[] data() {
        return data;
    }

    /** @return the backing array (not a copy), for Java kernel bodies */
    public float[] hostData() {
        return data;
    }
}
