/**
 * The result of a generation: the batch of tracks ({@link dev.trackgen.api.Track}, device arrays), its host copy and the per-environment seeds.
 *
 * <p>API status: stable (see docs/architecture.md, "API lifecycle").
 */
@API(status = STABLE, since = "0.1.0")
package dev.trackgen.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
