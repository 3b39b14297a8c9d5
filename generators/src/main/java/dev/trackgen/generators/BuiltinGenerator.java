package dev.trackgen.generators;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.PlannedGenerator;
import dev.trackgen.api.generator.PlannedScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.Kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What every capturable built-in generator shares: its name, its one-line description, its knobs
 * and the one constructor of its {@link PlannedScratch} (buffers sized from the configuration,
 * the plan bound to the caller's arrays), given once to the constructor instead of four
 * overrides per generator. A generator class keeps what is its own: its kernels, its
 * cross-knob rules ({@link #validate}, with {@link #withBufferLimit}) and its scratch.
 *
 * @param <S> the generator's scratch
 */
public abstract class BuiltinGenerator<S extends PlannedScratch> extends PlannedGenerator<S> {
    private final String name;
    private final String description;
    private final List<Knob<?>> knobs;
    private final BiFunction<ComputeRuntime, TrackGenConfig, S> scratch;

    /**
     * @param name        the {@code generator} knob value
     * @param description a one-line description for listings
     * @param knobs       the generator's knobs, in documentation order
     * @param scratch     makes the scratch for a runtime and a configuration bound to the generator
     * @param kernels     every kernel its plans launch (see {@link PlannedGenerator})
     */
    protected BuiltinGenerator(String name, String description, List<Knob<?>> knobs,
                               BiFunction<ComputeRuntime, TrackGenConfig, S> scratch, Kernel... kernels) {
        super(kernels);
        this.name = name;
        this.description = description;
        this.knobs = knobs;
        this.scratch = scratch;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    /** @return the knobs given to the constructor */
    @Override
    public final List<Knob<?>> knobs() {
        return knobs;
    }

    @Override
    protected final S newScratch(ComputeRuntime runtime, TrackGenConfig config) {
        return scratch.apply(runtime, config);
    }

    /**
     * The generator's problems and the buffer check of
     * {@link TrackGenConfig.GeneratorRules#bufferProblem}, for {@link #validate}.
     *
     * @param problems the problems found so far (not changed)
     * @param config   the configuration
     * @param what     how {@code points} is computed, in knob names
     * @param points   the points of the generator's largest per-batch buffer
     * @return {@code problems}, followed by the buffer problem if there is one
     */
    protected static List<String> withBufferLimit(List<String> problems, TrackGenConfig config, String what,
                                                  long points) {
        List<String> out = new ArrayList<>(problems);
        String buffers = TrackGenConfig.GeneratorRules.bufferProblem(config, what, points);
        if (buffers != null) {
            out.add(buffers);
        }
        return out;
    }
}
