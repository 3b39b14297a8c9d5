package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;

/**
 * Provides the {@code cuda} runtime, priority 100 (preferred by {@code runtime = auto} when
 * usable). {@link #unavailableReason()} probes once per process without crashing on machines
 * without a driver and answers in one line: no NVIDIA driver, no CUDA device, a driver older than
 * the bundled PTX needs (a CUDA 13 driver is required for PTX built by nvcc 13), or a build
 * without kernels.
 */
public final class CudaRuntimeProvider implements RuntimeProvider {
    /** The runtime name. */
    public static final String NAME = "cuda";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int priority() {
        return 100;
    }

    @Override
    public String unavailableReason() {
        return CudaProbe.unavailableReason();
    }

    /**
     * @throws RuntimeUnavailableException with the one-line reason when CUDA cannot run here
     */
    @Override
    public ComputeRuntime create(RuntimeOptions options) {
        String reason = unavailableReason();
        if (reason != null) {
            throw new RuntimeUnavailableException("runtime 'cuda' is unavailable: " + reason);
        }
        try {
            return new CudaRuntime(new JCudaDriverApi(options.deviceIndex()));
        } catch (CudaException e) {
            throw new RuntimeUnavailableException("runtime 'cuda' is unavailable: " + e.getMessage(), e);
        }
    }
}
