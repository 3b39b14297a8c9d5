/**
 * Kernels and helpers that generators share (arc-length resampling, counter-based random numbers, geometry): building blocks for plugin generators, which may still change shape.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.api.kernel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
