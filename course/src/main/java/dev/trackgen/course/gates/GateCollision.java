package dev.trackgen.course.gates;

/**
 * How agents collide with gates: the two mutually exclusive models of the original
 * (AntoineRichard/TrackGen: docs/utilities/course.rst, track_gen/_src/collision_frames.py), each
 * against an agent sphere of radius {@code agentRadius} (world units).
 *
 * <ul>
 *   <li>{@link #posts(double, double)}: each gate's two posts are vertical discs of radius
 *       {@code postRadius} at its bar endpoints, tested in plan view;</li>
 *   <li>{@link #frames(double, double, double)}: each gate is four thin boxes around its opening
 *       (two posts, two bars) of {@code frameThickness} across and {@code frameDepth} along the
 *       gate's forward axis, tested in the gate's own 3D frame.</li>
 * </ul>
 *
 * @param model          {@link Model#POSTS} or {@link Model#FRAMES}
 * @param agentRadius    the agent sphere's radius, {@code > 0}
 * @param postRadius     post disc radius ({@code > 0} for posts, 0 for frames)
 * @param frameThickness frame member thickness ({@code > 0} for frames, 0 for posts)
 * @param frameDepth     frame member depth along the gate's forward axis ({@code > 0} for frames, 0 for posts)
 */
public record GateCollision(Model model, double agentRadius, double postRadius, double frameThickness,
                            double frameDepth) {
    /** The collision model. */
    public enum Model {
        /** Posts as plan-view discs. */
        POSTS,
        /** Frames as four oriented boxes. */
        FRAMES
    }

    /**
     * @throws IllegalArgumentException naming the knob, its value and the range when a length is
     *                                  not finite and positive where the model needs it, or set
     *                                  where the other model's knobs belong (the models are exclusive)
     */
    public GateCollision {
        if (model == null) {
            throw new IllegalArgumentException("gate collision model must be posts or frames, got null");
        }
        positive("agent_radius", agentRadius);
        if (model == Model.POSTS) {
            positive("post_radius", postRadius);
            if (frameThickness != 0 || frameDepth != 0) {
                throw new IllegalArgumentException("post_radius and frame collision are mutually exclusive: "
                        + "frame_thickness = " + frameThickness + " and frame_depth = " + frameDepth
                        + " must be 0 with posts");
            }
        } else {
            positive("frame_thickness", frameThickness);
            positive("frame_depth", frameDepth);
            if (postRadius != 0) {
                throw new IllegalArgumentException("post_radius and frame collision are mutually exclusive: "
                        + "post_radius = " + postRadius + " must be 0 with frames");
            }
        }
    }

    private static void positive(String knob, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(knob + " must be a finite number > 0 (world units), got " + v);
        }
    }

    /**
     * @param postRadius  post disc radius, world units, {@code > 0}
     * @param agentRadius agent sphere radius, world units, {@code > 0}
     * @return posts as discs
     * @throws IllegalArgumentException on a value out of range
     */
    public static GateCollision posts(double postRadius, double agentRadius) {
        return new GateCollision(Model.POSTS, agentRadius, postRadius, 0, 0);
    }

    /**
     * @param frameThickness member thickness, world units, {@code > 0}
     * @param frameDepth     member depth along the gate's forward axis, world units, {@code > 0}
     * @param agentRadius    agent sphere radius, world units, {@code > 0}
     * @return frames as four boxes
     * @throws IllegalArgumentException on a value out of range
     */
    public static GateCollision frames(double frameThickness, double frameDepth, double agentRadius) {
        return new GateCollision(Model.FRAMES, agentRadius, 0, frameThickness, frameDepth);
    }
}
