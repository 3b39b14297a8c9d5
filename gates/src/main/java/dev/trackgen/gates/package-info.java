/**
 * Gate courses: {@link dev.trackgen.gates.GateGenerator} turns a batch of seeds into
 * {@link dev.trackgen.gates.GateCourse}s configured by {@link dev.trackgen.gates.GateConfig}
 * (docs/gates.md).
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.gates;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
