package dev.trackgen.api.runtime;

/**
 * Service-provider interface for runtimes, found with {@link java.util.ServiceLoader} (or as
 * OSGi services). A provider is cheap to construct; it probes and creates its runtime on demand.
 */
public interface RuntimeProvider {

    /** @return the runtime name used in configuration ({@code cpu}, {@code cuda}) */
    String name();

    /**
     * @return the preference order for {@code runtime = auto}: the available provider with the
     *         highest priority wins (CPU is 0, CUDA is 100)
     */
    int priority();

    /**
     * Probes the machine without side effects visible to the caller.
     *
     * @return {@code null} when a runtime can be created, else a one-line reason why not
     */
    String unavailableReason();

    /**
     * Creates a runtime.
     *
     * @param options runtime options (threads for the CPU runtime, device index for CUDA)
     * @return a new runtime, owned by the caller
     * @throws RuntimeUnavailableException with a one-line reason if it cannot be created
     */
    ComputeRuntime create(RuntimeOptions options);
}
