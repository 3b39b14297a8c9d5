package dev.trackgen.examples.noisyellipse;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.generator.PlannedScratch;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The {@code noisy_ellipse} generator: a randomly sized and rotated ellipse whose radius is
 * perturbed by a few low harmonics, {@code r(theta) * (1 + ellipse_noise * f(theta))} with
 * {@code |f| <= 1}. The curve is star-shaped about its centre, so it never crosses itself, and
 * its perimeter lies between about 3.9 and 5.8 world units, like the built-in generators' at
 * scale 1.
 *
 * <p>Its one knob, {@link #NOISE} ({@code ellipse_noise}), is declared through {@link #knobs()}, so
 * it can be set with {@code --set ellipse_noise=0.3} or in a config file and is validated like a
 * built-in knob. Its kernel has a Java body only ({@code cudaModule() == null}): on a CUDA runtime
 * the pipeline runs this generator on the host and uploads its centerlines.
 *
 * <p>Launch sequence per call: the ellipse kernel ({@code dim = E * num_points}) and the flag fill
 * ({@code dim = E}); nothing is allocated after {@link #allocateScratch}, so it is capturable.
 */
public final class NoisyEllipseGenerator implements CenterlineGenerator {
    /** The generator name, as selected by {@code --generator} or the {@code generator} knob. */
    public static final String NAME = "noisy_ellipse";

    /** Radial noise amplitude: 0 draws clean ellipses, 0.5 strongly dented ones. */
    public static final Knob<Double> NOISE = Knob.ofDouble("ellipse_noise", 0.15, Range.closed(0.0, 0.5),
            "Radial noise of the noisy_ellipse generator, as a fraction of the ellipse radius (0 = clean ellipses).");

    private static final List<Kernel> KERNELS = List.of(NoisyEllipseKernel.INSTANCE, FillI32Kernel.INSTANCE);

    /** Creates the generator; a public no-argument constructor is what ServiceLoader needs. */
    public NoisyEllipseGenerator() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "example plugin: rotated ellipses with low-harmonic radial noise (knob ellipse_noise)";
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(NOISE);
    }

    @Override
    public List<Kernel> kernels() {
        return KERNELS;
    }

    @Override
    public GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
        return new Scratch(config);
    }

    @Override
    public void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                         I32Array outValid, GeneratorScratch scratch) {
        ((Scratch) scratch).planFor(seeds, outCenterline, outValid).enqueue(runtime);
    }

    /**
     * @param config a configuration that knows this plugin's knobs (the {@code TrackGenerator}
     *               declares them at their defaults when its caller did not)
     * @return its {@code ellipse_noise}
     */
    static double noise(TrackGenConfig config) {
        return config.get(NOISE);
    }

    /** No buffers of its own: only the launch plan, bound to the caller's arrays once. */
    private static final class Scratch extends PlannedScratch {
        private final int envs;
        private final int n;
        private final float noise;

        Scratch(TrackGenConfig config) {
            this.envs = config.numEnvs();
            this.n = config.numPoints();
            this.noise = (float) noise(config);
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            return LaunchPlan.builder()
                    .launch(NoisyEllipseKernel.INSTANCE, envs * n,
                            NoisyEllipseKernel.INSTANCE.args().seeds(seeds).noise(noise).n(n).out(out))
                    .launch(FillI32Kernel.INSTANCE, envs, FillI32Kernel.INSTANCE.args().out(valid).value(1))
                    .build();
        }
    }
}
