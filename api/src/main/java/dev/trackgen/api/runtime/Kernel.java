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
}
