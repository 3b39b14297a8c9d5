package dev.trackgen.course.internal;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;

import java.util.Objects;
import java.util.function.Function;

/**
 * The reset of a per-agent utility: one launch of a reset kernel over {@code E * A} queries whose
 * {@code mask} parameter selects the queries to clear, either under a caller's mask or under a mask
 * of ones made once (reset everything). The localizer and the progress tracker each hold one.
 *
 * <p>Both launches allocate nothing; the masked one is capturable when the same mask array is
 * passed every time (the binding is copied at record time).
 */
public final class MaskedReset {
    private final ComputeRuntime runtime;
    private final int queries;
    private final KernelArgs masked;
    private final int maskSlot;
    private final LaunchPlan maskedPlan;
    private final LaunchPlan allPlan;

    /**
     * @param runtime where the kernel runs
     * @param queries {@code E * A}, the launch dimension and every mask's length
     * @param binding the reset kernel's complete binding for a given {@code [E * A]} mask (called
     *                twice, here); the kernel must have a parameter named {@code mask}
     * @throws IllegalArgumentException if the kernel has no {@code mask} parameter
     */
    public MaskedReset(ComputeRuntime runtime, int queries, Function<I32Array, ? extends KernelArgs> binding) {
        this.runtime = runtime;
        this.queries = queries;
        I32Array all = Checks.filledI32(runtime, queries, 1);
        this.allPlan = LaunchPlan.builder().launch(queries, binding.apply(all)).build();
        this.masked = binding.apply(all);
        this.maskSlot = slotNamed(masked, "mask");
        this.maskedPlan = LaunchPlan.builder().launch(queries, masked).build();
    }

    private static int slotNamed(KernelArgs args, String name) {
        for (int i = 0; i < args.size(); i++) {
            if (args.kernel().params().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(args.kernel().name() + " has no parameter named " + name);
    }

    /**
     * Clears the queries whose {@code mask[t] != 0}, under the runtime's execution lock.
     *
     * @param mask {@code [E * A]} flags on the runtime
     * @throws NullPointerException     if {@code mask} is null
     * @throws IllegalArgumentException when the mask has another length
     */
    public void reset(I32Array mask) {
        Objects.requireNonNull(mask, "mask");
        if (mask.length() != queries) {
            throw new IllegalArgumentException("reset mask has " + mask.length() + " entries, expected E * A = "
                    + queries);
        }
        masked.set(maskSlot, mask);
        maskedPlan.enqueueLocked(runtime);
    }

    /** Clears every query, under the runtime's execution lock. */
    public void resetAll() {
        allPlan.enqueueLocked(runtime);
    }
}
