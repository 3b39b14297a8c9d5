package dev.trackgen.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Constants shared by the pipeline's kernels. It refers to none of them (their list lives in a
 * class of its own that no kernel imports), so the kernels depend on it and not the reverse.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PipelineKernels {
    /** PTX resource holding the CUDA bodies of the pipeline's kernels ({@code pipeline/src/main/cuda/pipeline.cu}). */
    public static final String PTX = "trackgen-ptx/pipeline.ptx";

    private PipelineKernels() {
    }
}
