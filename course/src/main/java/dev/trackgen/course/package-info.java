/**
 * The sim loop over a batch of tracks: {@link dev.trackgen.course.Course} localizes agents, tracks progress, checks collision and regenerates finished environments.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.course;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
