package dev.trackgen.api.runtime;

import java.util.List;

/**
 * Base class holding a kernel's name, parameter list and CUDA module, so concrete kernels
 * only implement their Java body.
 */
public abstract class AbstractKernel implements Kernel {
    private final String name;
    private final String cudaModule;
    private final List<KernelParam> params;

    /**
     * @param name       the kernel (and CUDA entry point) name
     * @param cudaModule PTX resource path holding the CUDA body, or {@code null} for Java only
     * @param params     the parameters in CUDA argument order
     */
    protected AbstractKernel(String name, String cudaModule, KernelParam... params) {
        this.name = name;
        this.cudaModule = cudaModule;
        this.params = List.of(params);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<KernelParam> params() {
        return params;
    }

    @Override
    public final String cudaModule() {
        return cudaModule;
    }

    /** @return a fresh argument binding for this kernel */
    public KernelArgs args() {
        return new KernelArgs(this);
    }

    @Override
    public String toString() {
        return name;
    }
}
