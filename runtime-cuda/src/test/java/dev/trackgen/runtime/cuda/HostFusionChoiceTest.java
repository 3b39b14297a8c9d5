package dev.trackgen.runtime.cuda;

import dev.trackgen.api.kernel.ArcResampler;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The one chooser of host-fused launches ({@code HostFusion}) on the two runtimes: the CUDA
 * runtime (emulated: its PTX entry points resolve, its C bodies run on the host) gets the device
 * launches, the CPU runtime the fused Java-only stand-in, and both compute the same floats.
 */
class HostFusionChoiceTest {
    private static final int E = 5;
    private static final int M = 40;
    private static final int N = 16;

    private static float[] dense() {
        float[] d = new float[2 * E * M];
        for (int e = 0; e < E; e++) {
            for (int i = 0; i < M; i++) {
                double a = 2 * Math.PI * i / M;
                double r = 1 + 0.3 * Math.sin((e + 2) * a) + 0.05 * e;
                d[2 * (e * M + i)] = (float) (r * Math.cos(a));
                d[2 * (e * M + i) + 1] = (float) (r * Math.sin(a));
            }
        }
        d[2 * (3 * M + 7)] = Float.NaN; // a skipped point
        return d;
    }

    private static float[] resample(ComputeRuntime rt, List<String> launched) {
        Vec2Array in = rt.allocVec2(E * M);
        Vec2Array out = rt.allocVec2(E * N);
        I32Array active = rt.allocI32(E);
        rt.upload(dense(), in);
        LaunchPlan plan = new ArcResampler(rt, E, M, N).plan(in, active, false, out);
        for (Kernel k : plan.kernels()) {
            launched.add(k.name());
        }
        plan.enqueue(rt);
        rt.synchronize();
        float[] host = new float[2 * E * N];
        rt.download(out, host);
        return host;
    }

    @Test
    void cudaTakesTheDeviceLaunchesAndTheCpuTheFusedOneWithTheSameResult() {
        List<String> onCuda = new ArrayList<>();
        List<String> onCpu = new ArrayList<>();
        float[] cuda;
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(EmulatedCudaRuntimeTest.driver())) {
            cuda = resample(rt, onCuda);
        }
        float[] cpu;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            cpu = resample(rt, onCpu);
        }
        assertEquals(List.of("tg_arc_scan", "tg_arc_lookup"), onCuda);
        assertEquals(List.of("tg_arc_resample_host"), onCpu);
        assertArrayEquals(cpu, cuda);
    }
}
