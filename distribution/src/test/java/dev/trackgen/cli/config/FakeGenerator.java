package dev.trackgen.cli.config;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/** A generator plugin stand-in that declares its own knob; it is only registered, never run. */
final class FakeGenerator implements CenterlineGenerator {
    static final Knob<Double> WAVE_AMP = Knob.ofDouble("wave_amp", 0.25, Range.closed(0, 1),
            "Amplitude of the test generator's wave.");

    @Override
    public String name() {
        return "wavy";
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(WAVE_AMP);
    }

    @Override
    public List<Kernel> kernels() {
        return List.of();
    }

    @Override
    public GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
        throw new UnsupportedOperationException("not runnable");
    }

    @Override
    public void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                         I32Array outValid, GeneratorScratch scratch) {
        throw new UnsupportedOperationException("not runnable");
    }
}
