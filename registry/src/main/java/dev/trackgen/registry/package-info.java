/**
 * Discovery of generators and runtimes (ServiceLoader, plugin folders) and the launcher that builds a generator from a configuration.
 *
 * <p>API status: stable (see docs/architecture.md, "API lifecycle").
 */
@API(status = STABLE, since = "0.1.0")
package dev.trackgen.registry;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
