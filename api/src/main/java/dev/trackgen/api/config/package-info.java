/**
 * The configuration of a generation: {@link dev.trackgen.api.config.TrackGenConfig}, its knobs and their ranges.
 *
 * <p>API status: stable (see docs/architecture.md, "API lifecycle").
 */
@API(status = STABLE, since = "0.1.0")
package dev.trackgen.api.config;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
