package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.KernelArgs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class SelectAndFillKernelsTest {

    @Test
    void selectRowsPicksPerEnvAndMayAliasItsInput() {
        HostVec2Array a = HostArrays.vec2(1, 1, 2, 2, 3, 3, 4, 4);
        HostVec2Array b = HostArrays.vec2(-1, -1, -2, -2, -3, -3, -4, -4);
        KernelArgs args = SelectRowsKernel.INSTANCE.args().a(a).b(b).flag(HostArrays.i32(0, 1)).n(2).out(b);
        SelectRowsKernel.INSTANCE.run(args, 0, 4);
        assertArrayEquals(new float[] {1, 1, 2, 2, -3, -3, -4, -4}, b.data());
    }

    @Test
    void fillWritesOnlyItsRange() {
        HostI32Array out = new HostI32Array(6);
        FillI32Kernel.INSTANCE.run(FillI32Kernel.INSTANCE.args().out(out).value(9), 2, 5);
        assertArrayEquals(new int[] {0, 0, 9, 9, 9, 0}, out.data());
    }
}
