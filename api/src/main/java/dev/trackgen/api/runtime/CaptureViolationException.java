package dev.trackgen.api.runtime;

/**
 * Thrown when a sequence being captured breaks the capture contract: it allocates, copies
 * between host and device, or reads device data back on the host.
 */
public class CaptureViolationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message what the sequence tried to do */
    public CaptureViolationException(String message) {
        super(message);
    }
}
