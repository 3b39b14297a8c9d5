/**
 * Localization of agents on their track: arc length, lateral offset, segment, on-road flag.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.course.localize;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
