/**
 * Curvature and the speed profile along each track.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.course.profile;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
