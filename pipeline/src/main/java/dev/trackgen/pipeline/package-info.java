/**
 * The generation facade: {@link dev.trackgen.pipeline.TrackGenerator} turns seeds into a batch of valid-flagged tracks on a runtime.
 *
 * <p>API status: stable (see docs/architecture.md, "API lifecycle").
 */
@API(status = STABLE, since = "0.1.0")
package dev.trackgen.pipeline;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
