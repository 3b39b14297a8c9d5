/**
 * The CUDA runtime: kernels' CUDA C bodies (PTX built by nvcc) launched through JCuda's driver
 * API on a dedicated stream, with CUDA graph capture and replay. Registered as the {@code cuda}
 * {@code RuntimeProvider}; on a machine without a usable GPU it reports a one-line reason and
 * {@code runtime = auto} falls back to the CPU.
 */
module dev.trackgen.runtime.cuda {
    requires transitive dev.trackgen.api;
    requires jcuda;

    exports dev.trackgen.runtime.cuda;

    provides dev.trackgen.api.runtime.RuntimeProvider with dev.trackgen.runtime.cuda.CudaRuntimeProvider;
}
