package dev.trackgen.api.generator;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * Service-provider interface of a centerline generator: the first stage of the pipeline,
 * turning {@code E} per-environment seeds into {@code E} closed centerlines of
 * {@code config.numPoints()} points each.
 *
 * <p>Implementations are found at run time: by {@link java.util.ServiceLoader} on the module path
 * ({@code provides dev.trackgen.api.generator.CenterlineGenerator with ...}) or the class path
 * ({@code META-INF/services/dev.trackgen.api.generator.CenterlineGenerator}), or as OSGi services.
 * A third-party generator is a jar that depends on the api module alone.
 *
 * <p><b>Contract.</b> A configuration is built for a generator with
 * {@code TrackGenConfig.builder().generator(generator)}: that declares its {@link #knobs()},
 * takes its {@link #sizing} of {@code num_points} and {@code N_max}, and runs its
 * {@link #validate} checks in {@code build()}, the same way for built-in and plugin generators.
 * {@link #allocateScratch} sizes every private buffer once from the
 * configuration. {@link #generate} then issues a fixed launch sequence on the runtime it is given:
 * for a {@linkplain #capturable() capturable} generator that sequence allocates nothing, never
 * reads device data back on the host and does not branch on device data, so it can be captured
 * into a graph and replayed. It must be deterministic in (seed, config): use
 * {@link dev.trackgen.api.kernel.CounterRng} keyed by the seed, on streams from
 * {@link dev.trackgen.api.kernel.RandomStreams#named(String)}. Flags are not a quality verdict,
 * but they are required: {@link #generate} must write 1 for every environment it produced (an
 * environment left at 0 is never valid), and the pipeline's validity gate decides later.
 *
 * <p>A generator written in Java only is simpler on {@link SimpleCenterlineGenerator}: one
 * {@code fill} method per environment, everything else supplied (docs/plugins.md).
 */
public interface CenterlineGenerator extends TrackGenConfig.GeneratorRules {

    /** @return the name selected by the {@code generator} knob, unique among registered generators */
    @Override
    String name();

    /** @return a one-line description for listings */
    default String description() {
        return "";
    }

    /**
     * @return whether {@link #generate} obeys the capture contract; a non-capturable generator (one
     *         that reads convergence back on the host, say) is run eagerly on every call
     */
    default boolean capturable() {
        return true;
    }

    /**
     * Knobs this generator adds to {@link TrackGenConfig}; their values reach it through
     * {@code config.get(knob)}. Built-in generators declare theirs here too.
     *
     * @return the generator's own knobs (a knob shared with another generator is the same instance)
     */
    @Override
    default List<Knob<?>> knobs() {
        return List.of();
    }

    /**
     * Sizes the pipeline buffers for this generator ({@code num_points}, {@code N_max} where not
     * set explicitly); the default keeps the knob defaults. See
     * {@link TrackGenConfig.GeneratorRules#sizing}.
     */
    @Override
    default TrackGenConfig.Sizing sizing(TrackGenConfig draft) {
        return TrackGenConfig.GeneratorRules.super.sizing(draft);
    }

    /**
     * Checks the relations between this generator's knobs and that its buffers
     * ({@link #allocateScratch}) stay addressable at {@code num_envs}, so that a bad
     * configuration fails when it is built, with one line, not when buffers are allocated. See
     * {@link TrackGenConfig.GeneratorRules#validate}.
     */
    @Override
    default List<String> validate(TrackGenConfig config) {
        return TrackGenConfig.GeneratorRules.super.validate(config);
    }

    /**
     * @return every kernel {@link #generate} may launch, so a runtime can tell up front whether it
     *         has bodies for all of them (the CUDA runtime needs PTX; a Java-only generator then
     *         runs on the host and its centerlines are uploaded)
     */
    List<Kernel> kernels();

    /**
     * Allocates the generator's private buffers for a configuration. Called once per
     * {@code TrackGenerator}, outside any capture.
     *
     * @param runtime where the buffers live
     * @param config  the validated configuration (batch size, resolution, knobs)
     * @return the scratch, later passed back to {@link #generate}
     */
    GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config);

    /**
     * Writes one closed centerline per environment.
     *
     * @param runtime        the runtime to launch on (the one the scratch was allocated on)
     * @param seeds          {@code [E]} per-environment seeds
     * @param config         the configuration the scratch was allocated for
     * @param outCenterline  {@code [E * config.numPoints()]} points: env {@code e}'s closed loop at
     *                       {@code e * numPoints}, without repeating the first point at the end
     * @param outValid       {@code [E]} generation flags: the generator must write 1 for each
     *                       environment it produced (0 marks it invalid whatever its shape)
     * @param scratch        what {@link #allocateScratch} returned
     */
    void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                  I32Array outValid, GeneratorScratch scratch);
}
