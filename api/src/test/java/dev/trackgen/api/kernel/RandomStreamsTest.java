package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandomStreamsTest {

    @Test
    void isFnv1aOfTheUtf8BytesWithTheTopBitSet() {
        // published FNV-1a 32-bit test vectors: "a" -> 0xE40C292C, "foobar" -> 0xBF9CF968
        assertEquals(0xE40C292C, RandomStreams.named("a"));
        assertEquals(0xBF9CF968, RandomStreams.named("foobar"));
        assertEquals(0x9C4F876A, RandomStreams.named("s_bend/shape"));
        // FNV-1a("bar") = 0x76B77D1A: the top bit is forced
        assertEquals(0xF6B77D1A, RandomStreams.named("bar"));
    }

    @Test
    void namedIdsAreNegativeSoNeverABuiltInIdAndDifferByName() {
        for (String name : new String[] {"x", "my_gen/corners", "my_gen/style", "été"}) {
            assertTrue(RandomStreams.named(name) < 0, name);
        }
        assertNotEquals(RandomStreams.named("my_gen/corners"), RandomStreams.named("my_gen/style"));
        assertThrows(IllegalArgumentException.class, () -> RandomStreams.named(""));
        assertThrows(NullPointerException.class, () -> RandomStreams.named(null));
    }
}
