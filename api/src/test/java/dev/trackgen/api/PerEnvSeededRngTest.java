package dev.trackgen.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PerEnvSeededRngTest {

    @Test
    void scalarSeedExpandsToSeedPlusEnv() {
        assertArrayEquals(new int[] {5, 6, 7, 8}, PerEnvSeededRng.fromScalar(4, 5).seeds());
    }

    @Test
    void reseedingChangesSeedsAndVersion() {
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(3, 0);
        long v = rng.version();
        rng.reseed(new int[] {2}, new int[] {99});
        assertArrayEquals(new int[] {0, 1, 99}, rng.seeds());
        assertNotEquals(v, rng.version());
        rng.reseed(10);
        assertArrayEquals(new int[] {10, 11, 12}, rng.seeds());
        rng.reseed(new int[] {7, 8, 9});
        assertArrayEquals(new int[] {7, 8, 9}, rng.seeds());
    }

    @Test
    void explicitSeedsAreCopied() {
        int[] s = {1, 2};
        PerEnvSeededRng rng = PerEnvSeededRng.fromSeeds(s);
        s[0] = 100;
        assertArrayEquals(new int[] {1, 2}, rng.seeds());
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> PerEnvSeededRng.fromScalar(0, 1));
        assertThrows(IllegalArgumentException.class, () -> PerEnvSeededRng.fromSeeds(new int[0]));
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(2, 0);
        assertThrows(IllegalArgumentException.class, () -> rng.reseed(new int[] {2}, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> rng.reseed(new int[] {1}, new int[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> rng.reseed(new int[] {1, 2, 3}));
    }
}
