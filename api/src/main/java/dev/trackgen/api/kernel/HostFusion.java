package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.function.Consumer;

/**
 * The one place that chooses, for a stage, between a run of device launches and the
 * {@link HostFusedKernel} that stands in for them: the stage declares both once, the runtime's
 * {@link ComputeRuntime#supports} of the stand-in decides (a runtime that runs Java bodies gets
 * the one fused launch, CUDA the device launches), and no stage branches on the runtime. A new
 * runtime thus needs no edit in any stage, as one facade picks an implementation for its callers.
 *
 * <p>Made when the stage is constructed, before its scratch: the device launches' scratch rows
 * ({@code [E * N]} and the like) are allocated through {@link #deviceF32}, {@link #deviceI32} and
 * {@link #deviceVec2}, which allocate only where the device launches run (and return
 * {@code null} where the stand-in runs: the stand-in keeps that scratch in buffers of the launch
 * chunk). Both choices give the same results bit for bit (the stand-in runs the same bodies).
 */
public final class HostFusion {
    private final ComputeRuntime runtime;
    private final HostFusedKernel standIn;
    private final boolean fused;

    /**
     * @param runtime the runtime the stage's arrays live on
     * @param standIn the Java-only kernel that may stand in for the stage's device launches
     */
    public HostFusion(ComputeRuntime runtime, HostFusedKernel standIn) {
        this.runtime = runtime;
        this.standIn = standIn;
        this.fused = runtime.supports(standIn);
    }

    /**
     * @param length entries
     * @return a new device-launch scratch array, or {@code null} where the stand-in runs
     */
    public F32Array deviceF32(int length) {
        return fused ? null : runtime.allocF32(length);
    }

    /**
     * @param length entries
     * @return a new device-launch scratch array, or {@code null} where the stand-in runs
     */
    public I32Array deviceI32(int length) {
        return fused ? null : runtime.allocI32(length);
    }

    /**
     * @param length pairs
     * @return a new device-launch scratch array, or {@code null} where the stand-in runs
     */
    public Vec2Array deviceVec2(int length) {
        return fused ? null : runtime.allocVec2(length);
    }

    /**
     * Appends the chosen launches to a plan: the stand-in's one launch, or what {@code device}
     * appends (only then is {@code device} called).
     *
     * @param plan        the plan being built
     * @param standInDim  the stand-in's launch dimension (its kernels walk one env per index: {@code E})
     * @param standInArgs the stand-in's complete binding (the stage's arrays and values, no device scratch)
     * @param device      appends the device launches, bound to the scratch from {@code device*}
     * @return {@code plan}
     * @throws IllegalArgumentException if {@code standInArgs} binds another kernel
     * @throws IllegalStateException    if the device launches run a kernel the stand-in does not stand for
     */
    public LaunchPlan.Builder append(LaunchPlan.Builder plan, int standInDim, KernelArgs standInArgs,
                                     Consumer<LaunchPlan.Builder> device) {
        if (standInArgs.kernel() != standIn) {
            throw new IllegalArgumentException("arguments of " + standInArgs.kernel().name() + " given for "
                    + standIn.name());
        }
        if (fused) {
            return plan.launch(standInDim, standInArgs);
        }
        LaunchPlan.Builder launches = LaunchPlan.builder();
        device.accept(launches);
        LaunchPlan built = launches.build();
        if (!standIn.standsFor().containsAll(built.kernels())) {
            throw new IllegalStateException(standIn.name() + " stands for " + standIn.standsFor()
                    + " but the device launches run " + built.kernels());
        }
        return plan.append(built);
    }

    /**
     * {@link #append} into a plan of its own.
     *
     * @param standInDim  the stand-in's launch dimension
     * @param standInArgs the stand-in's complete binding
     * @param device      appends the device launches
     * @return the plan
     */
    public LaunchPlan plan(int standInDim, KernelArgs standInArgs, Consumer<LaunchPlan.Builder> device) {
        return append(LaunchPlan.builder(), standInDim, standInArgs, device).build();
    }
}
