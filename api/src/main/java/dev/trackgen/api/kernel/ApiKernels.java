package dev.trackgen.api.kernel;

/** Constants shared by the api module's kernels. */
final class ApiKernels {
    /** PTX resource holding the CUDA bodies of the api module's kernels. */
    static final String PTX = "trackgen-ptx/api.ptx";

    private ApiKernels() {
    }
}
