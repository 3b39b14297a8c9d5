package dev.trackgen.export;

/**
 * Where a car starts: until the product places a start line, the track's point 0 facing along its
 * tangent (the driving direction).
 *
 * @param x   metres, world frame
 * @param y   metres, world frame
 * @param yaw heading, radians counter-clockwise from +x, in {@code (-pi, pi]}
 */
public record StartPose(double x, double y, double yaw) {
}
