/**
 * OSGi hosting: generators and runtimes as OSGi services.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.osgi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
