package dev.trackgen.cli.explore;

/**
 * What one explorer server allows, so that a page left open, or a page of another site, cannot
 * exhaust the machine.
 *
 * @param maxEnvs      the largest batch size E a request may ask for
 * @param maxShown     the most tracks of a batch sent to the page as drawable polylines
 * @param maxPending   the most requests waiting for the generation worker at once (one per page);
 *                     more get HTTP 503 with a one-line message
 * @param maxBodyBytes the largest request body accepted, declared ({@code Content-Length}) or chunked
 * @param maxThreads   the HTTP server's thread pool size (acceptor and selector threads included)
 * @param maxWork      the largest work estimate of one batch, {@code E * N_max * sweeps} point updates
 *                     (see {@link ExploreEngine#work}); a request over it is refused before it runs
 * @param maxPoints    the largest {@code E * max(N_max, num_points)} of one batch, the points its arrays
 *                     hold (about 100 bytes of memory each)
 */
public record ExploreLimits(int maxEnvs, int maxShown, int maxPending, int maxBodyBytes, int maxThreads,
                            long maxWork, long maxPoints) {

    /** Largest {@code --max-envs} accepted. */
    public static final int MAX_ENVS_CEILING = 65_536;

    /** Default {@link #maxWork}: about 3 to 10 s of one call on two CPU cores. */
    public static final long DEFAULT_MAX_WORK = 1_000_000_000L;

    /**
     * Time budget of one batch's pipeline call, milliseconds: checked at every kernel launch, so a
     * generator whose cost the work estimate does not see (the repulsive generator's steps) is
     * stopped at its next launch past it.
     */
    public static final long DEFAULT_BATCH_MILLIS = 20_000;

    /** Default {@link #maxPoints} floor: 2^23 points, under 1 GB of arrays. */
    public static final long DEFAULT_MAX_POINTS = 1L << 23;

    /**
     * @throws IllegalArgumentException if a limit is not positive or {@code maxEnvs} exceeds {@link #MAX_ENVS_CEILING}
     */
    public ExploreLimits {
        if (maxEnvs < 1 || maxEnvs > MAX_ENVS_CEILING) {
            throw new IllegalArgumentException("maxEnvs must be in [1, " + MAX_ENVS_CEILING + "], got " + maxEnvs);
        }
        if (maxShown < 1 || maxPending < 1 || maxBodyBytes < 1 || maxThreads < 4 || maxWork < 1 || maxPoints < 1) {
            throw new IllegalArgumentException("limits must be positive (maxThreads >= 4)");
        }
    }

    /**
     * @param maxEnvs the largest batch size a request may ask for
     * @return the default limits with that batch cap: 64 drawn tracks, 8 waiting requests, 64 KiB bodies,
     *         12 threads, a work budget of {@link #DEFAULT_MAX_WORK} and a point budget of
     *         {@link #DEFAULT_MAX_POINTS} or, when larger, {@code maxEnvs * 384} (every env at the default
     *         {@code N_max})
     */
    public static ExploreLimits withMaxEnvs(int maxEnvs) {
        return new ExploreLimits(maxEnvs, 64, 8, 64 * 1024, 12, DEFAULT_MAX_WORK,
                Math.max(DEFAULT_MAX_POINTS, maxEnvs * 384L));
    }

    /**
     * @param work   the work budget of one batch
     * @param points the point budget of one batch
     * @return these limits with other budgets (tests use small ones)
     */
    public ExploreLimits withBudget(long work, long points) {
        return new ExploreLimits(maxEnvs, maxShown, maxPending, maxBodyBytes, maxThreads, work, points);
    }
}
