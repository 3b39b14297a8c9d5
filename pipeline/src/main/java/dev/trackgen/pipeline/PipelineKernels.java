package dev.trackgen.pipeline;

import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.pipeline.inflate.ArcLengthKernel;
import dev.trackgen.pipeline.inflate.FrameKernel;
import dev.trackgen.pipeline.inflate.OffsetAreaKernel;
import dev.trackgen.pipeline.inflate.OffsetAssignKernel;
import dev.trackgen.pipeline.inflate.UniformResampleLookupKernel;
import dev.trackgen.pipeline.inflate.UniformResampleScanKernel;
import dev.trackgen.pipeline.inflate.ValidityKernel;
import dev.trackgen.pipeline.relax.XpbdRelaxKernel;
import dev.trackgen.pipeline.resample.ConstantSpacingLookupKernel;
import dev.trackgen.pipeline.resample.ConstantSpacingScanKernel;

import java.util.List;

/** Constants shared by the pipeline's kernels. */
public final class PipelineKernels {
    /** PTX resource holding the CUDA bodies of the pipeline's kernels ({@code pipeline/src/main/cuda/pipeline.cu}). */
    public static final String PTX = "trackgen-ptx/pipeline.ptx";

    private PipelineKernels() {
    }

    /** @return every kernel of the pipeline's stages, each with a CUDA body in {@link #PTX} */
    public static List<Kernel> all() {
        return List.of(ConstantSpacingScanKernel.INSTANCE, ConstantSpacingLookupKernel.INSTANCE,
                XpbdRelaxKernel.INSTANCE, UniformResampleScanKernel.INSTANCE, UniformResampleLookupKernel.INSTANCE,
                FrameKernel.INSTANCE, ArcLengthKernel.INSTANCE, OffsetAreaKernel.INSTANCE, OffsetAssignKernel.INSTANCE,
                ValidityKernel.INSTANCE);
    }
}
