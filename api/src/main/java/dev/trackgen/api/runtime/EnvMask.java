package dev.trackgen.api.runtime;

import java.util.Objects;

/**
 * A selection of a batch's environments for masked launches and copies
 * ({@link ComputeRuntime#launchMasked}, {@link ComputeRuntime#copyMasked}): env {@code e} of
 * {@code envs} is selected while {@code flags[e] != 0}. The flags live in a device array that the
 * owner rewrites in place between calls, so one mask serves every call and every replay of a
 * captured graph.
 *
 * @param flags the selection, {@code [envs]} int32, nonzero = selected
 * @param envs  the batch size {@code E}, at least 1
 */
public record EnvMask(I32Array flags, int envs) {
    /**
     * @throws NullPointerException     if {@code flags} is null
     * @throws IllegalArgumentException if {@code envs < 1} or {@code flags} is not {@code [envs]}
     */
    public EnvMask {
        Objects.requireNonNull(flags, "flags");
        if (envs < 1 || flags.length() != envs) {
            throw new IllegalArgumentException("an env mask needs flags of length envs >= 1, got flags["
                    + flags.length() + "] for " + envs + " envs");
        }
    }

    /**
     * The indices per env of a masked launch; allocates nothing unless it throws (it runs on
     * every masked launch).
     *
     * @param dim    the launch dimension
     * @param kernel the launched kernel, named in the message
     * @return {@code dim / envs}
     * @throws IllegalArgumentException if {@code dim} is not a multiple of {@code envs}
     */
    public int perEnv(int dim, Kernel kernel) {
        if (dim % envs != 0) {
            return perEnv(dim, "launch dimension of " + kernel.name());
        }
        return dim / envs;
    }

    /**
     * @param dim a launch dimension or an array length
     * @param what what {@code dim} is, for the message
     * @return the indices (or elements) per env, {@code dim / envs}
     * @throws IllegalArgumentException if {@code dim} is not a multiple of {@code envs}
     */
    public int perEnv(int dim, String what) {
        if (dim % envs != 0) {
            throw new IllegalArgumentException(what + " of " + dim + " cannot be masked per env: not a multiple of "
                    + envs + " envs");
        }
        return dim / envs;
    }
}
