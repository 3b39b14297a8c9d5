package dev.trackgen.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The start pose as a small YAML mapping ({@code x}, {@code y} in metres, {@code yaw} in radians),
 * in the map's world frame: what F1TENTH gym's {@code env.reset(poses=[[x, y, yaw]])} takes.
 */
public final class StartPoseYaml {
    private StartPoseYaml() {
    }

    /**
     * @param pose the pose
     * @return the YAML text
     */
    public static String text(StartPose pose) {
        return "# start pose (world frame of the map): point 0 of the centerline, heading along its tangent\n"
                + "x: " + pose.x() + "\n"
                + "y: " + pose.y() + "\n"
                + "yaw: " + pose.yaw() + "\n";
    }

    /**
     * @param pose the pose
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(StartPose pose, Path file) throws IOException {
        Files.writeString(file, text(pose), StandardCharsets.UTF_8);
    }
}
