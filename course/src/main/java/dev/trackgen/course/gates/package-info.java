/**
 * Flying a batch of gate courses: the course-line localizer ({@link dev.trackgen.course.gates.CourseLineLocalizer}:
 * 3D arc length, signed lateral and vertical offsets), gate-plane progress
 * ({@link dev.trackgen.course.gates.GateTracker}: passes only through a gate's opening, laps, wrong
 * gates, distance to the next gate) and agent spheres against gate posts or frames
 * ({@link dev.trackgen.course.gates.GateCollider}), the parts of the Course's {@code gates} mode.
 *
 * <p>API status: experimental (see docs/architecture.md, "API lifecycle").
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
package dev.trackgen.course.gates;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
