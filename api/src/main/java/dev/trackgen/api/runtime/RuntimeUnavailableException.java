package dev.trackgen.api.runtime;

/**
 * Thrown when a runtime cannot be created on this machine (no GPU, no driver, a driver too old
 * for the bundled PTX, or a build without kernels). The message is one line saying which.
 */
public class RuntimeUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message why the runtime is unavailable */
    public RuntimeUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message why the runtime is unavailable
     * @param cause   the underlying failure
     */
    public RuntimeUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
