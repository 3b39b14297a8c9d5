/**
 * The generator SPI: what a centerline generator plugin implements and is handed.
 *
 * <p>API status: stable (see docs/architecture.md, "API lifecycle").
 */
@API(status = STABLE, since = "0.1.0")
package dev.trackgen.api.generator;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
