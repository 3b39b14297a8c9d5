package dev.trackgen.generators;

/** Constants shared by the built-in generators' kernels. */
public final class GeneratorKernels {
    /** PTX resource holding the CUDA bodies of the built-in generators' kernels. */
    public static final String PTX = "trackgen-ptx/generators.ptx";

    /** RNG stream of per-environment style draws (rad, scale, handle clamp). */
    public static final int STREAM_STYLE = 2741;
    /** RNG stream of corner counts. */
    public static final int STREAM_CORNER_COUNT = 6151;
    /** RNG stream of corner positions. */
    public static final int STREAM_CORNERS = 9781;

    private GeneratorKernels() {
    }
}
