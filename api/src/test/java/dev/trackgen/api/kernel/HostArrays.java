package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;

/** Test helpers building host arrays from literals. */
final class HostArrays {
    private HostArrays() {
    }

    static HostVec2Array vec2(float... xy) {
        HostVec2Array a = new HostVec2Array(xy.length / 2);
        System.arraycopy(xy, 0, a.data(), 0, xy.length);
        return a;
    }

    static HostI32Array i32(int... v) {
        HostI32Array a = new HostI32Array(v.length);
        System.arraycopy(v, 0, a.data(), 0, v.length);
        return a;
    }

    static HostF32Array f32(int n) {
        return new HostF32Array(n);
    }
}
