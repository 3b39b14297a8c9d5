package dev.trackgen.runtime.cuda;

/** A CUDA driver call failed; the message names the call and the driver's error. */
public class CudaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** CUDA_ERROR_UNSUPPORTED_PTX_VERSION: the driver is older than the PTX needs. */
    public static final int UNSUPPORTED_PTX_VERSION = 222;

    /** The driver's {@code CUresult}. */
    private final int code;

    /**
     * @param code    the driver's {@code CUresult}
     * @param message what failed
     */
    public CudaException(int code, String message) {
        super(message);
        this.code = code;
    }

    /** @return the driver's {@code CUresult} */
    public int code() {
        return code;
    }
}
