package dev.trackgen.cli.config;

import java.util.List;

/**
 * The configuration given on the command line, which overrides the config file: the dedicated
 * flags and the {@code --set knob=value} arguments, in the order given.
 *
 * @param generator {@code --generator}, or {@code null}
 * @param numEnvs   {@code --envs}, or {@code null}
 * @param runtime   {@code --runtime}, or {@code null}
 * @param sets      the {@code --set} arguments, in order (a later one wins)
 */
public record CommandLineOverrides(String generator, Integer numEnvs, String runtime, List<KnobAssignment> sets) {

    /**
     * Copies the list.
     *
     * @param generator {@code --generator}, or {@code null}
     * @param numEnvs   {@code --envs}, or {@code null}
     * @param runtime   {@code --runtime}, or {@code null}
     * @param sets      the {@code --set} arguments, in order
     */
    public CommandLineOverrides {
        sets = List.copyOf(sets);
    }

    /** @return no overrides at all */
    public static CommandLineOverrides none() {
        return new CommandLineOverrides(null, null, null, List.of());
    }

    /**
     * @param knob a knob name
     * @return the value text of the last {@code --set} for that knob, or {@code null}
     */
    public KnobAssignment lastSet(String knob) {
        KnobAssignment last = null;
        for (KnobAssignment a : sets) {
            if (a.knob().equals(knob)) {
                last = a;
            }
        }
        return last;
    }
}
