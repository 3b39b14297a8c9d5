package dev.trackgen.api;

import java.util.Arrays;

/**
 * The per-environment seeds that key all randomness of a batch: one 32-bit seed per
 * environment. A scalar seed {@code s} expands to {@code s + env}.
 *
 * <p>{@code TrackGenerator.generate()} re-reads the current seeds on every call, so with an
 * unchanged RNG two calls give identical batches and reseeding changes them. Not thread-safe:
 * reseed from the thread that calls {@code generate()}.
 */
public final class PerEnvSeededRng {
    private final int[] seeds;
    private long version;

    private PerEnvSeededRng(int[] seeds) {
        this.seeds = seeds;
    }

    /**
     * @param numEnvs batch size E, {@code >= 1}
     * @param seed    the base seed; env {@code e} gets {@code seed + e}
     * @return the RNG
     * @throws IllegalArgumentException if {@code numEnvs < 1}
     */
    public static PerEnvSeededRng fromScalar(int numEnvs, int seed) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("numEnvs must be >= 1, got " + numEnvs);
        }
        PerEnvSeededRng rng = new PerEnvSeededRng(new int[numEnvs]);
        rng.reseed(seed);
        return rng;
    }

    /**
     * @param seeds one seed per environment (copied), {@code length >= 1}
     * @return the RNG
     * @throws IllegalArgumentException if {@code seeds} is empty
     */
    public static PerEnvSeededRng fromSeeds(int[] seeds) {
        if (seeds.length < 1) {
            throw new IllegalArgumentException("need at least one seed");
        }
        return new PerEnvSeededRng(seeds.clone());
    }

    /** @return the batch size E */
    public int numEnvs() {
        return seeds.length;
    }

    /**
     * @param e environment index
     * @return its current seed
     */
    public int seed(int e) {
        return seeds[e];
    }

    /** @return a copy of the current seeds, {@code [E]} */
    public int[] seeds() {
        return seeds.clone();
    }

    /**
     * Copies the current seeds without allocating.
     *
     * @param dst destination of length {@code >= E}
     */
    public void copySeedsInto(int[] dst) {
        System.arraycopy(seeds, 0, dst, 0, seeds.length);
    }

    /** @return a counter that changes whenever the seeds change */
    public long version() {
        return version;
    }

    /**
     * Sets every seed from a scalar: env {@code e} gets {@code seed + e}.
     *
     * @param seed the base seed
     */
    public void reseed(int seed) {
        for (int e = 0; e < seeds.length; e++) {
            seeds[e] = seed + e;
        }
        version++;
    }

    /**
     * Replaces all seeds.
     *
     * @param newSeeds {@code [E]} seeds
     * @throws IllegalArgumentException if the length differs from E
     */
    public void reseed(int[] newSeeds) {
        if (newSeeds.length != seeds.length) {
            throw new IllegalArgumentException("expected " + seeds.length + " seeds, got " + newSeeds.length);
        }
        System.arraycopy(newSeeds, 0, seeds, 0, seeds.length);
        version++;
    }

    /**
     * Reseeds selected environments, for example those that just finished an episode.
     *
     * @param envIds   environment indices in {@code [0, E)}
     * @param newSeeds one seed per id
     * @throws IllegalArgumentException if the lengths differ or an id is out of range
     */
    public void reseed(int[] envIds, int[] newSeeds) {
        if (envIds.length != newSeeds.length) {
            throw new IllegalArgumentException("got " + envIds.length + " env ids but " + newSeeds.length + " seeds");
        }
        for (int id : envIds) {
            if (id < 0 || id >= seeds.length) {
                throw new IllegalArgumentException("env id " + id + " is outside [0, " + seeds.length + ")");
            }
        }
        for (int i = 0; i < envIds.length; i++) {
            seeds[envIds[i]] = newSeeds[i];
        }
        version++;
    }

    @Override
    public String toString() {
        return "PerEnvSeededRng" + (seeds.length <= 8 ? Arrays.toString(seeds)
                : "[" + seeds[0] + ", " + seeds[1] + ", ..., " + seeds[seeds.length - 1] + "] (" + seeds.length + " envs)");
    }
}
