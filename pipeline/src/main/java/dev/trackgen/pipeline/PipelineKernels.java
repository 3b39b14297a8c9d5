package dev.trackgen.pipeline;

/** Constants shared by the pipeline's kernels. */
public final class PipelineKernels {
    /** PTX resource holding the CUDA bodies of the pipeline's kernels. */
    public static final String PTX = "trackgen-ptx/pipeline.ptx";

    private PipelineKernels() {
    }
}
