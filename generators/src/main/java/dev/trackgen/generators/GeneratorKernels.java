package dev.trackgen.generators;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * Constants shared by the built-in generators' kernels: the PTX module and the RNG stream ids.
 *
 * <p>Every purpose of every generator has its own stream id, so two purposes never share draws,
 * and two generators never draw the same numbers for one seed. Stream ids are arbitrary distinct
 * constants; changing one changes every batch that generator produces.
 */
public final class GeneratorKernels {
    /**
     * PTX resource holding the CUDA bodies of the shared kernels: bezier, corners (bezier, hull) and
     * curves (hull, polar, voronoi, checkpoint). Built from {@code src/main/cuda/generators.cu}.
     */
    public static final String PTX = "trackgen-ptx/generators.ptx";
    /** PTX resource of the hull generator's own kernels ({@code generators_hull.cu}). */
    public static final String PTX_HULL = "trackgen-ptx/generators_hull.ptx";
    /** PTX resource of the polar generator's own kernels ({@code generators_polar.cu}). */
    public static final String PTX_POLAR = "trackgen-ptx/generators_polar.ptx";
    /** PTX resource of the voronoi generator's own kernels ({@code generators_voronoi.cu}). */
    public static final String PTX_VORONOI = "trackgen-ptx/generators_voronoi.ptx";
    /** PTX resource of the checkpoint generator's own kernels ({@code generators_checkpoint.cu}). */
    public static final String PTX_CHECKPOINT = "trackgen-ptx/generators_checkpoint.ptx";
    /** PTX resource of the circuit generator's kernels ({@code generators_circuit.cu}). */
    public static final String PTX_CIRCUIT = "trackgen-ptx/generators_circuit.ptx";
    /** PTX resource of the repulsive generator's own kernels ({@code generators_repulsive.cu}). */
    public static final String PTX_REPULSIVE = "trackgen-ptx/generators_repulsive.ptx";

    /** RNG stream of per-environment style draws (rad, scale, handle clamp). */
    @CudaConstant("TG_STREAM_STYLE")
    public static final int STREAM_STYLE = 2741;
    /** RNG stream of bezier corner counts. */
    public static final int STREAM_CORNER_COUNT = 6151;
    /** RNG stream of bezier corner positions. */
    public static final int STREAM_CORNERS = 9781;

    /** RNG stream of hull corner counts. */
    public static final int STREAM_HULL_CORNER_COUNT = 5119;
    /** RNG stream of hull corner positions. */
    public static final int STREAM_HULL_CORNERS = 7907;
    /** RNG stream of hull midpoint displacements (draw {@code i} displaces edge {@code i}). */
    @CudaConstant("TG_STREAM_HULL_DISPLACEMENT")
    public static final int STREAM_HULL_DISPLACEMENT = 3083;

    /** RNG stream of polar knots (draws {@code 2i}, {@code 2i + 1}: radius and angle of knot {@code i}). */
    @CudaConstant("TG_STREAM_POLAR_KNOTS")
    public static final int STREAM_POLAR_KNOTS = 7919;

    /** RNG stream of the per-environment voronoi field draws (cluster phase and radius). */
    @CudaConstant("TG_STREAM_VORONOI_FIELD")
    public static final int STREAM_VORONOI_FIELD = 8167;
    /** RNG stream of voronoi sites ({@value #VORONOI_DRAWS_PER_SITE} draws per site). */
    @CudaConstant("TG_STREAM_VORONOI_SITES")
    public static final int STREAM_VORONOI_SITES = 8171;
    /** Draws reserved per voronoi site in {@link #STREAM_VORONOI_SITES}. */
    @CudaConstant("TG_VORONOI_DRAWS_PER_SITE")
    public static final int VORONOI_DRAWS_PER_SITE = 8;
    /** RNG stream of voronoi anchor targets (rotation, phases, per-anchor jitter). */
    @CudaConstant("TG_STREAM_VORONOI_ANCHORS")
    public static final int STREAM_VORONOI_ANCHORS = 3911;

    /** RNG stream of checkpoint rings (candidate {@code k} of {@code K} uses its own index block). */
    @CudaConstant("TG_STREAM_CHECKPOINTS")
    public static final int STREAM_CHECKPOINTS = 4099;

    /** RNG stream of circuit layouts (candidate {@code k} uses its own index block). */
    @CudaConstant("TG_STREAM_CIRCUIT")
    public static final int STREAM_CIRCUIT = 6389;
    /** RNG stream of the circuit generator's per-environment compactness target (draw 0). */
    @CudaConstant("TG_STREAM_CIRCUIT_TARGET")
    public static final int STREAM_CIRCUIT_TARGET = 6397;

    /** RNG stream of the repulsive obstacle layout. */
    @CudaConstant("TG_STREAM_REPULSIVE_OBSTACLES")
    public static final int STREAM_REPULSIVE_OBSTACLES = 6247;
    /** RNG stream of the repulsive per-environment target length. */
    @CudaConstant("TG_STREAM_REPULSIVE_GROWTH")
    public static final int STREAM_REPULSIVE_GROWTH = 5209;

    private GeneratorKernels() {
    }
}
