package dev.trackgen.examples.trainer;

/**
 * One finished episode of one env, kept for the picture: the road it drove on and the path.
 *
 * @param env            env index
 * @param number         the env's episode number, from 1
 * @param inner          the road's inner border, {@code [n]} float pairs, world units
 * @param outer          the outer border, {@code [n]} float pairs
 * @param startLine      the start line's two ends, {@code [2]} float pairs
 * @param path           agent 0's positions, {@code [steps]} float pairs
 * @param speed          agent 0's speed per position, world units / s
 * @param outcome        how it ended
 * @param seconds        its duration, s
 * @param aggressiveness the driver's factor on the profile's speed
 */
record Episode(int env, int number, float[] inner, float[] outer, float[] startLine, float[] path, float[] speed,
               Outcome outcome, double seconds, double aggressiveness) {
    /** How an episode ends. */
    enum Outcome {
        /** A lap completed (start line to start line, every checkpoint in order). */
        LAP,
        /** The vehicle box left the road. */
        OFF_ROAD,
        /** The step limit passed. */
        TIMEOUT
    }
}
