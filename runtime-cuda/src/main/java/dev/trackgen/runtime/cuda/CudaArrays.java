package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

/** The CUDA runtime's device arrays: a device allocation, a length and the owning runtime. */
final class CudaArrays {
    private CudaArrays() {
    }

    /** Common state of the three array types. */
    abstract static class Base implements DeviceArray {
        final CudaRuntime owner;
        final CudaDriver.Buffer buffer;
        final int length;
        /** 32-bit words of storage. */
        private final int words;
        /** Set by {@link CudaRuntime#free}: the device memory is gone. */
        boolean freed;

        Base(CudaRuntime owner, CudaDriver.Buffer buffer, int length, int words) {
            this.owner = owner;
            this.buffer = buffer;
            this.length = length;
            this.words = words;
        }

        @Override
        public int length() {
            return length;
        }

        /** @return the number of 32-bit words of storage */
        final int words() {
            return words;
        }

        /** @return bytes of storage */
        long bytes() {
            return 4L * words();
        }

        @Override
        public String toString() {
            return type() + "[" + length + "]@0x" + Long.toHexString(buffer.address());
        }
    }

    static final class F32 extends Base implements F32Array {
        F32(CudaRuntime owner, CudaDriver.Buffer buffer, int length) {
            super(owner, buffer, length, length);
        }
    }

    static final class I32 extends Base implements I32Array {
        I32(CudaRuntime owner, CudaDriver.Buffer buffer, int length) {
            super(owner, buffer, length, length);
        }
    }

    static final class Vec2 extends Base implements Vec2Array {
        Vec2(CudaRuntime owner, CudaDriver.Buffer buffer, int length) {
            super(owner, buffer, length, 2 * length);
        }
    }
}
