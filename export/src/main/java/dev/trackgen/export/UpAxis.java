package dev.trackgen.export;

import java.util.Locale;

/**
 * Which axis of a mesh points up. The track's plane coordinates {@code (x, y)} map to
 * {@code (x, y, 0)} with Z up, and to {@code (x, 0, -y)} with Y up (glTF's convention); both are
 * proper rotations of the same right-handed frame, so winding and normals stay correct.
 */
public enum UpAxis {
    /** Y up (glTF 2.0, most game engines, Isaac Sim's glTF import). */
    Y,
    /** Z up (ROS, Blender's native frame). */
    Z;

    /**
     * @param name {@code y} or {@code z}, any case
     * @return the axis
     * @throws IllegalArgumentException for any other name
     */
    public static UpAxis parse(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "y" -> Y;
            case "z" -> Z;
            default -> throw new IllegalArgumentException("unknown up axis '" + name + "'; known: y, z");
        };
    }

    /**
     * Writes the 3-D point of plane point {@code (x, y)} at height {@code h} into {@code out}.
     *
     * @param x   plane x, metres
     * @param y   plane y, metres
     * @param h   height above the road plane, metres
     * @param out destination
     * @param at  index of the first of three floats
     */
    public void put(double x, double y, double h, float[] out, int at) {
        out[at] = (float) x;
        if (this == Z) {
            out[at + 1] = (float) y;
            out[at + 2] = (float) h;
        } else {
            out[at + 1] = (float) h;
            out[at + 2] = (float) -y;
        }
    }
}
