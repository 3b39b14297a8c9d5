package dev.trackgen.pipeline;

import dev.trackgen.api.runtime.F32Array;

/**
 * The baked terrain grids of a batch, on the baker's runtime, rewritten by every
 * {@link HeightfieldBaker#bake()}.
 *
 * @param resolution cells per side {@code R}
 * @param bounds     {@code [E*3]}: grid origin x, y (the corner of cell 0) and the square cell
 *                   size of each env, world units; NaN for an invalid env. Cell {@code (x, y)}'s
 *                   center lies at {@code origin + ((x, y) + 0.5) * cell}
 * @param height     {@code [E*R*R]} terrain height at each cell center, row-major
 *                   ({@code e * R * R + y * R + x}), world units; NaN across an invalid env
 */
public record Heightfield(int resolution, F32Array bounds, F32Array height) {
}
