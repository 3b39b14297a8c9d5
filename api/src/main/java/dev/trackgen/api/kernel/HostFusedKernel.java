package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.Kernel;

import java.util.List;

/**
 * A kernel with a Java body only that, on a runtime which runs Java bodies (the CPU runtime),
 * stands in for a run of consecutive launches of kernels with device bodies: it runs their bodies
 * for one env after another, with the scratch that only passed between them in buffers of the
 * launch chunk (a {@link ScratchPool}) instead of {@code [E]}-row runtime arrays, and gives the
 * same results bit for bit. A stage binds it only where {@link
 * dev.trackgen.api.runtime.ComputeRuntime#supports} says so; a device runtime (CUDA) gets the
 * kernels it stands for.
 *
 * <p>A {@link dev.trackgen.api.generator.PlannedGenerator} need not name such a kernel among its
 * kernels when it names every kernel of {@link #standsFor()}: its kernel list stays the device
 * kernels, so a device runtime still runs the generator on the device.
 */
public interface HostFusedKernel extends Kernel {
    /** @return the device kernels whose launches this one replaces on a host runtime (not empty) */
    List<Kernel> standsFor();
}
