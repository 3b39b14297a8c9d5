package dev.trackgen.pipeline;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;

/**
 * A runtime that, like CUDA with a Java-only plugin, has bodies for the pipeline's kernels only:
 * it refuses any kernel outside the pipeline's PTX module. The delegate stays open.
 */
final class KernelFilteringRuntime extends ForwardingRuntime {

    KernelFilteringRuntime(ComputeRuntime delegate) {
        super(delegate);
    }

    @Override
    public boolean supports(Kernel k) {
        return PipelineKernels.PTX.equals(k.cudaModule());
    }

    @Override
    public void launch(Kernel k, int dim, KernelArgs a) {
        if (!supports(k)) {
            throw new UnsupportedOperationException("no body for " + k.name());
        }
        super.launch(k, dim, a);
    }

    @Override
    public String name() {
        return "filtering";
    }

    @Override
    public void close() {
    }
}
