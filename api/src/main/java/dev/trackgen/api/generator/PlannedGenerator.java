package dev.trackgen.api.generator;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.HostFusedKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import java.util.List;
import java.util.Objects;

/**
 * A generator whose call is one fixed launch sequence: it names its kernels once and supplies its
 * scratch, which builds the {@link LaunchPlan} ({@link PlannedScratch#buildPlan}); this class does
 * the rest of the full SPI. Such a generator is capturable.
 *
 * <p>On the first plan it checks the plan against {@link #kernels()}: a kernel the plan launches
 * but the generator does not name is an {@link IllegalStateException} (a {@link HostFusedKernel},
 * such as the fused host launch of an {@link dev.trackgen.api.kernel.ArcResampler}, counts as the
 * kernels it {@linkplain HostFusedKernel#standsFor stands for}) (the runtime would not
 * know to load it, and a runtime without its body would not fall back to the host), and a plan
 * that never writes the flags array (the {@code FillI32Kernel} launch most generators end with,
 * or any launch bound to {@code outValid}) is one too: without it every track is refused with
 * no message.
 *
 * @param <S> the generator's scratch
 */
public abstract class PlannedGenerator<S extends PlannedScratch> implements CenterlineGenerator {
    private final List<Kernel> kernels;

    /**
     * @param kernels every kernel the plan launches, in any order
     * @throws NullPointerException if {@code kernels} or an element is null
     */
    protected PlannedGenerator(Kernel... kernels) {
        this.kernels = List.of(kernels);
    }

    @Override
    public final List<Kernel> kernels() {
        return kernels;
    }

    @Override
    public final boolean capturable() {
        return true;
    }

    /**
     * Allocates the buffers of one batch, once per pipeline.
     *
     * @param runtime the runtime to allocate on
     * @param config  the validated configuration
     * @return the scratch
     */
    protected abstract S newScratch(ComputeRuntime runtime, TrackGenConfig config);

    @Override
    public final GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
        return Objects.requireNonNull(newScratch(runtime, config), "newScratch returned null");
    }

    @Override
    public final void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array outCenterline,
                               I32Array outValid, GeneratorScratch scratch) {
        PlannedScratch s = (PlannedScratch) scratch;
        LaunchPlan plan = s.planFor(seeds, outCenterline, outValid);
        if (s.checkedPlan != plan) {
            check(plan, outValid);
            s.checkedPlan = plan;
        }
        plan.enqueue(runtime);
    }

    private void check(LaunchPlan plan, I32Array outValid) {
        for (Kernel k : plan.kernels()) {
            boolean standsIn = k instanceof HostFusedKernel f && kernels.containsAll(f.standsFor());
            if (!kernels.contains(k) && !standsIn) {
                throw new IllegalStateException("generator '" + name() + "' launches " + k.name()
                        + " but does not name it among its kernels (pass it to the PlannedGenerator constructor)");
            }
        }
        if (!plan.binds(outValid)) {
            throw new IllegalStateException("generator '" + name() + "' never writes the flags array: every track "
                    + "would be refused; end the plan with FillI32Kernel (outValid, 1), or write 0 for envs it gives up on");
        }
    }
}
