package dev.trackgen.cli.config;

import dev.trackgen.cli.CliException;

/**
 * One {@code --set knob=value} argument, split at its first {@code '='}.
 *
 * @param knob  the knob name (not yet checked against the known knobs)
 * @param value the value text, parsed later by the knob itself
 */
public record KnobAssignment(String knob, String value) {

    /**
     * @param text the argument of {@code --set}
     * @return the assignment
     * @throws CliException if there is no {@code '='} or no knob name before it
     */
    public static KnobAssignment parse(String text) {
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new CliException("--set expects knob=value, got '" + text + "' (no '=')");
        }
        String knob = text.substring(0, eq).strip();
        if (knob.isEmpty()) {
            throw new CliException("--set expects knob=value, got '" + text + "' (no knob name before '=')");
        }
        return new KnobAssignment(knob, text.substring(eq + 1));
    }

    @Override
    public String toString() {
        return knob + "=" + value;
    }
}
