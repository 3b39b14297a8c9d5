package dev.trackgen.pipeline;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
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
        }

        @Override
        void run() {
            host.upload(hostSeeds, seeds);
            generator.generate(host, seeds, config, hostCenterline, hostValid, scratch);
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
