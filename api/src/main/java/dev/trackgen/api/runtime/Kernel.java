package dev.trackgen.api.runtime;

import java.util.List;

/**
 * A data-parallel kernel: one name, one parameter list and two bodies.
 *
 * <p>A launch runs the kernel over the index range {@code [0, dim)} ("one thread per element").
 * The <em>Java body</em>, {@link #run(KernelArgs, int, int)}, executes a contiguous sub-range of
 * that index space; the loop lives inside the body so the JIT compiles each kernel's loop on its
 * own, and a host runtime calls it once per chunk from several worker threads. The <em>CUDA C
 * body</em> is a {@code extern "C" __global__} function of the same {@link #name()} and the same
 * parameters, in the order of {@link #params()}, compiled to PTX at build time and found at
 * the resource named by {@link #cudaModule()}.
 *
 * <p>The CUDA C body follows the launch convention of {@link LaunchShape}: a leading
 * {@code int dim}, then the parameters in order ({@code float2*} for {@code VEC2_ARRAY},
 * {@code float*} for {@code F32_ARRAY}, {@code int*} for {@code I32_ARRAY}, {@code int} and
 * {@code float} by value), launched with {@link #cudaLaunchShape(int, KernelArgs)}.
 *
 * <p>Bodies must be stateless and free of side effects beyond the arrays they write, and each
 * index must write only its own outputs (or per-environment outputs for per-environment
 * launches), so chunks can run concurrently and in any order.
 */
public interface Kernel {
    /** @return the kernel name, equal to its CUDA C entry point (for example {@code tg_cs_scan}) */
    String name();

    /** @return the parameters in CUDA argument order */
    List<KernelParam> params();

    /**
     * The Java body: executes indices {@code [begin, end)} of a launch.
     *
     * @param args  the bound arguments (host-resident arrays)
     * @param begin first index, inclusive
     * @param end   last index, exclusive
     */
    void run(KernelArgs args, int begin, int end);

    /**
     * Where the CUDA C body lives: a class-path resource path of a PTX module that defines
     * {@link #name()}, or {@code null} when this kernel has a Java body only (a third-party
     * kernel, say). Paths outside Java package directories (for example
     * {@code trackgen-ptx/pipeline.ptx}) stay readable from other JPMS modules.
     *
     * @return the PTX resource path, or {@code null}
     */
    default String cudaModule() {
        return null;
    }

    /**
     * How a CUDA runtime launches this kernel's CUDA body for a launch of {@code dim} indices.
     * The default is one thread per index ({@link LaunchShape#linear(int)}); cooperative kernels
     * (one block per environment, say) override it. Must not allocate device memory; it is
     * called for every launch on CUDA, and once per launch at capture time.
     *
     * @param dim  the launch dimension, {@code >= 1}
     * @param args the complete binding of this launch (for sizes such as a stride)
     * @return the grid, block and dynamic shared memory of the launch
     */
    default LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.linear(dim);
    }
}
