/**
 * Contract tests and probes for plugin authors (JUnit 5).
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
