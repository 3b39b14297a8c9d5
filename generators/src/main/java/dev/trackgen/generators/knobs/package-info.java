/**
 * The knobs of the built-in generators, by name, with their ranges and defaults.
 *
 * <p>API status: stable (see docs/architecture.md, "API lifecycle").
 */
@API(status = STABLE, since = "0.1.0")
package dev.trackgen.generators.knobs;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
