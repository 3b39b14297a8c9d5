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

/**
 * The list of the pipeline's kernels, for runtimes and tests that check every one has a CUDA body.
 * No kernel imports this class: the kernels import {@link PipelineKernels} for their constants,
 * this class imports the kernels, and no import runs back.
 */
public final class StageKernels {
    private StageKernels() {
    }

    /** @return every kernel of the pipeline's stages, each with a CUDA body in {@link PipelineKernels#PTX} */
    public static List<Kernel> all() {
        return List.of(ConstantSpacingScanKernel.INSTANCE, ConstantSpacingLookupKernel.INSTANCE,
                XpbdRelaxKernel.INSTANCE, UniformResampleScanKernel.INSTANCE, UniformResampleLookupKernel.INSTANCE,
                FrameKernel.INSTANCE, ArcLengthKernel.INSTANCE, OffsetAreaKernel.INSTANCE, OffsetAssignKernel.INSTANCE,
                ValidityKernel.INSTANCE);
    }
}
