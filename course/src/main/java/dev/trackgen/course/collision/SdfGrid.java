package dev.trackgen.course.collision;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.kernel.SdfBakeKernel;

/**
 * The baked grids of an SDF-backed {@link OffRoadChecker}, on its runtime, rewritten by every
 * bake (layout of {@link SdfBakeKernel}).
 *
 * @param resolution cells per side R
 * @param bounds     {@code [E*3]}: grid origin x, y (the corner of cell 0) and the square cell size of
 *                   each env, world units (when following the road, the target cell of
 *                   {@link SdfLayout#cellSize()} unless that env's track outgrew it)
 * @param phi        {@code [E*R*R]} signed distance at cell centers, row-major, positive on the road
 * @param bid        {@code [E * words(R)]} one bit per cell, 1 where the outer border is nearer
 */
public record SdfGrid(int resolution, F32Array bounds, F32Array phi, I32Array bid) {
}
