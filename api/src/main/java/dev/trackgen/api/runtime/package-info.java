/**
 * The runtime SPI: device arrays, kernels and their bindings, launch plans, capture and replay. Generators and runtimes are written against it; it may still change before 1.0.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.api.runtime;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
