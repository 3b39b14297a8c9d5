/**
 * Racing lines: the minimum-curvature line of every env of a batch, its friction-circle speed
 * profile and lap time, and the same profile on the centerline for comparison.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.course.raceline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
