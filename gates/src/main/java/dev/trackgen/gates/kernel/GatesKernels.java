package dev.trackgen.gates.kernel;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * The PTX module and random streams of the gate kernels, whose CUDA C bodies live in
 * {@code gates/src/main/cuda/gates.cu} (the kernels: the generated {@code GatesKernelIndex}; this
 * class imports no kernel).
 */
public final class GatesKernels {
    /** PTX resource holding the CUDA bodies. */
    public static final String PTX = "trackgen-ptx/gates.ptx";
    /** Stream of an env's gate count (draw 0). */
    @CudaConstant("TG_STREAM_GATE_COUNT")
    public static final int STREAM_GATE_COUNT = 16411;
    /** Stream of an env's gate phase along the centerline (draw 0). */
    @CudaConstant("TG_STREAM_GATE_PHASE")
    public static final int STREAM_GATE_PHASE = 16417;
    /** Stream of the random_pairs ordering's pair keys (draw {@code p} for pair {@code p}). */
    @CudaConstant("TG_STREAM_GATE_PAIRS")
    public static final int STREAM_GATE_PAIRS = 16421;
    /** Codes of {@code gate_ordering} the placement kernel takes. */
    @CudaConstant("TG_GATE_ORDER_CCW")
    public static final int ORDER_CCW = 0;
    /** {@code gate_ordering = raw}. */
    @CudaConstant("TG_GATE_ORDER_RAW")
    public static final int ORDER_RAW = 1;
    /** {@code gate_ordering = random_pairs}. */
    @CudaConstant("TG_GATE_ORDER_RANDOM_PAIRS")
    public static final int ORDER_RANDOM_PAIRS = 2;
    /** Below this horizontal tangent length a gate frame falls back to a fixed left axis {@code +y}. */
    @CudaConstant("TG_GATE_VERTICAL_EPS")
    public static final float VERTICAL_EPS = 1.0e-6f;

    private GatesKernels() {
    }
}
