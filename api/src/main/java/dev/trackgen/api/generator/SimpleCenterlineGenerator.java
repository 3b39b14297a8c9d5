package dev.trackgen.api.generator;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The simple generator SPI, for plugins written in Java only: implement {@link #name()},
 * {@link #fill} and, optionally, {@link #description()} and {@link #knobs()}. Everything else of
 * {@link CenterlineGenerator} is supplied here: one kernel, {@code java_<name>}, that calls
 * {@link #fill} once per environment ({@code dim = E}, environments spread over the CPU runtime's
 * worker threads); its launch plan, bound once and reused without allocating; generation flags
 * written 1 for every environment; capture and replay on the CPU runtime
 * ({@code RuntimeOptions.withReplay(true)}); and on the CUDA runtime, which has no body for a
 * Java kernel, the host path (the pipeline runs the generator on the CPU and uploads its
 * centerlines).
 *
 * <p>{@link #fill} must be a pure function of its arguments: deterministic in the seed (draw with
 * {@link dev.trackgen.api.kernel.CounterRng} keyed by the seed, on a stream from
 * {@link dev.trackgen.api.kernel.RandomStreams#named}), free of shared mutable state (calls run
 * concurrently for different environments) and allocation-free (locals only), so a generator
 * call allocates nothing and is capturable.
 *
 * <p>Scale and orientation the pipeline expects: a simple closed loop, about 1 world unit across
 * (perimeter roughly 4 to 6 units), bends of radius well above the track half-width
 * ({@code half_width}, 0.1 by default), points roughly evenly spread; docs/plugins.md gives the
 * numbers. Implementations need a public no-argument constructor for {@link java.util.ServiceLoader}.
 */
public abstract class SimpleCenterlineGenerator implements CenterlineGenerator {
    /** Made on first use, not in the constructor: a subclass's {@code name()} may need its fields. */
    private volatile Kernel descriptor;

    /** For subclasses. */
    protected SimpleCenterlineGenerator() {
    }

    /**
     * Writes one environment's closed centerline: point {@code i} ({@code 0 <= i < numPoints}) at
     * {@code xy[offset + 2 i]} (x) and {@code xy[offset + 2 i + 1]} (y), in world units, without
     * repeating the first point at the end. Called concurrently for different environments.
     *
     * @param seed      the environment's seed
     * @param knobs     the values of this generator's {@link #knobs()} in the configuration
     * @param xy        the interleaved centerline buffer of the whole batch
     * @param offset    index in {@code xy} of this environment's first x coordinate
     * @param numPoints points to write ({@code config.numPoints()}, 512 by default)
     */
    protected abstract void fill(int seed, KnobValues knobs, float[] xy, int offset, int numPoints);

    /** @return the one Java-only kernel {@code java_<name>}; on CUDA the generator runs on the host */
    @Override
    public final List<Kernel> kernels() {
        Kernel k = descriptor;
        if (k == null) {
            k = new FillKernel(this, null);
            descriptor = k;
        }
        return List.of(k);
    }

    @Override
    public final boolean capturable() {
        return true;
    }

    @Override
    public final GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
        return new Scratch(new FillKernel(this, KnobValues.of(knobs(), config)), config.numEnvs(), config.numPoints());
    }

    @Override
    public final void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                               I32Array outValid, GeneratorScratch scratch) {
        ((Scratch) scratch).planFor(seeds, outCenterline, outValid).enqueue(runtime);
    }

    /** One launch of the fill kernel over the batch. */
    private static final class Scratch extends PlannedScratch {
        private final FillKernel kernel;
        private final int envs;
        private final int n;

        Scratch(FillKernel kernel, int envs, int n) {
            this.kernel = kernel;
            this.envs = envs;
            this.n = n;
        }

        @Override
        protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
            return LaunchPlan.builder().launch(envs, kernel.args().seeds(seeds).n(n).out(out).valid(valid)).build();
        }
    }

    /**
     * {@code java_<name>(seeds, n, out, valid)}, one index per environment: calls {@code fill} and
     * writes the flag 1. One instance per scratch holds that configuration's knob values; all
     * instances of a generator are equal (same name, no CUDA body).
     */
    static final class FillKernel extends FillKernelBase {
        private final SimpleCenterlineGenerator generator;
        private final KnobValues knobs;

        /** Java body only; its entry is named per generator, {@code java_<name>}. */
        @KernelSignature
        interface Signature {
            void java_fill(@In I32Array seeds, int n, @Out Vec2Array out, @Out I32Array valid);
        }

        FillKernel(SimpleCenterlineGenerator generator, KnobValues knobs) {
            super("java_" + generator.name());
            this.generator = generator;
            this.knobs = knobs;
        }

        @Override
        protected void run(int begin, int end, int[] seeds, int n, float[] out, int[] valid) {
            if (knobs == null) {
                throw new IllegalStateException(name() + " is the descriptor of kernels(); launch the scratch's plan");
            }
            for (int e = begin; e < end; e++) {
                generator.fill(seeds[e], knobs, out, 2 * e * n, n);
                valid[e] = 1;
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FillKernel f && f.generator == generator;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(generator);
        }
    }
}
