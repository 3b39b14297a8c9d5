package dev.trackgen.pipeline;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.MaskedRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Runs the generator of a pipeline: on the pipeline's runtime when it has bodies for all the
 * generator's kernels, else on a host runtime whose output is uploaded (a third-party generator
 * that ships Java bodies only, on the CUDA runtime).
 */
abstract class CenterlineStage implements AutoCloseable {

    /** Writes the centerlines and generation flags for the current seeds. */
    abstract void run();

    /**
     * Writes the centerlines and generation flags of the envs a mask selects; the other envs'
     * rows keep their values (see {@link MaskedRegeneration}).
     *
     * @param view  the pipeline's runtime as a masked view: launches and copies for the selected envs
     * @param flags the mask on the pipeline's runtime, {@code [E]}, nonzero = selected
     */
    abstract void runMasked(ComputeRuntime view, I32Array flags);

    /** @return whether {@link #run()} may be captured into the pipeline's graph */
    abstract boolean capturable();

    @Override
    public void close() {
    }

    /** The generator runs where the rest of the pipeline does. */
    static final class OnDevice extends CenterlineStage {
        private final CenterlineGenerator generator;
        private final ComputeRuntime runtime;
        private final TrackGenConfig config;
        private final I32Array seeds;
        private final Vec2Array centerline;
        private final I32Array valid;
        private final GeneratorScratch scratch;

        OnDevice(CenterlineGenerator generator, ComputeRuntime runtime, TrackGenConfig config, I32Array seeds,
                 Vec2Array centerline, I32Array valid) {
            this.generator = generator;
            this.runtime = runtime;
            this.config = config;
            this.seeds = seeds;
            this.centerline = centerline;
            this.valid = valid;
            this.scratch = generator.allocateScratch(runtime, config);
        }

        @Override
        void run() {
            generator.generate(runtime, seeds, config, centerline, valid, scratch);
        }

        @Override
        void runMasked(ComputeRuntime view, I32Array flags) {
            generator.generate(view, seeds, config, centerline, valid, scratch);
        }

        @Override
        boolean capturable() {
            return generator.capturable();
        }
    }

    /** The generator runs on a host runtime; its output is uploaded to the pipeline's runtime. */
    static final class OnHost extends CenterlineStage {
        private final CenterlineGenerator generator;
        private final ComputeRuntime host;
        private final ComputeRuntime device;
        private final TrackGenConfig config;
        private final int[] hostSeeds;
        private final I32Array seeds;
        private final Vec2Array hostCenterline;
        private final I32Array hostValid;
        private final Vec2Array centerline;
        private final I32Array valid;
        private final float[] centerlineBuffer;
        private final int[] validBuffer;
        private final GeneratorScratch scratch;
        private final int[] flagBuffer;
        private final I32Array hostFlags;
        private final I32Array hostFresh;
        private final ComputeRuntime hostView;
        private final LaunchPlan mergeSeeds;

        OnHost(CenterlineGenerator generator, ComputeRuntime host, ComputeRuntime device, TrackGenConfig config,
               int[] hostSeeds, Vec2Array centerline, I32Array valid) {
            this.generator = generator;
            this.host = host;
            this.device = device;
            this.config = config;
            this.hostSeeds = hostSeeds;
            this.seeds = host.allocI32(hostSeeds.length);
            this.hostCenterline = host.allocVec2(centerline.length());
            this.hostValid = host.allocI32(valid.length());
            this.centerline = centerline;
            this.valid = valid;
            this.centerlineBuffer = new float[2 * centerline.length()];
            this.validBuffer = new int[valid.length()];
            this.scratch = generator.allocateScratch(host, config);
            this.flagBuffer = new int[hostSeeds.length];
            this.hostFlags = host.allocI32(hostSeeds.length);
            this.hostFresh = host.allocI32(hostSeeds.length);
            EnvMask mask = new EnvMask(hostFlags, hostSeeds.length);
            this.hostView = new MaskedRuntime(host, mask);
            this.mergeSeeds = MaskedRegeneration.mergePlan(hostFresh, hostFlags, seeds);
        }

        @Override
        void run() {
            host.upload(hostSeeds, seeds);
            generator.generate(host, seeds, config, hostCenterline, hostValid, scratch);
            publish();
        }

        @Override
        void runMasked(ComputeRuntime view, I32Array flags) {
            device.download(flags, flagBuffer);
            host.upload(flagBuffer, hostFlags);
            host.upload(hostSeeds, hostFresh);
            mergeSeeds.enqueue(hostView);
            generator.generate(hostView, seeds, config, hostCenterline, hostValid, scratch);
            publish();
        }

        /** Uploads the host output; rows of unselected envs carry the values they already hold. */
        private void publish() {
            host.download(hostCenterline, centerlineBuffer);
            host.download(hostValid, validBuffer);
            device.upload(centerlineBuffer, centerline);
            device.upload(validBuffer, valid);
        }

        @Override
        boolean capturable() {
            return false;
        }

        @Override
        public void close() {
            host.close();
        }
    }
}
