package dev.trackgen.cli.explore;

/**
 * What one explorer server allows, so that a page left open cannot exhaust the machine.
 *
 * @param maxEnvs      the largest batch size E a request may ask for
 * @param maxShown     the most tracks of a batch sent to the page as drawable polylines
 * @param maxPending   the most requests waiting for the generation worker at once (one per page);
 *                     more get HTTP 503 with a one-line message
 * @param maxBodyBytes the largest request body accepted
 * @param maxThreads   the HTTP server's thread pool size (acceptor and selector threads included)
 */
public record ExploreLimits(int maxEnvs, int maxShown, int maxPending, int maxBodyBytes, int maxThreads) {

    /** Largest {@code --max-envs} accepted. */
    public static final int MAX_ENVS_CEILING = 65_536;

    /**
     * @throws IllegalArgumentException if a limit is not positive or {@code maxEnvs} exceeds {@link #MAX_ENVS_CEILING}
     */
    public ExploreLimits {
        if (maxEnvs < 1 || maxEnvs > MAX_ENVS_CEILING) {
            throw new IllegalArgumentException("maxEnvs must be in [1, " + MAX_ENVS_CEILING + "], got " + maxEnvs);
        }
        if (maxShown < 1 || maxPending < 1 || maxBodyBytes < 1 || maxThreads < 4) {
            throw new IllegalArgumentException("limits must be positive (maxThreads >= 4)");
        }
    }

    /**
     * @param maxEnvs the largest batch size a request may ask for
     * @return the default limits with that batch cap: 64 drawn tracks, 8 waiting requests, 64 KiB bodies, 12 threads
     */
    public static ExploreLimits withMaxEnvs(int maxEnvs) {
        return new ExploreLimits(maxEnvs, 64, 8, 64 * 1024, 12);
    }
}
