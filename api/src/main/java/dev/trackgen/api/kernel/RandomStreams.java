package dev.trackgen.api.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Stream ids for {@link CounterRng}, derived from names so that plugins need not pick numbers.
 *
 * <p>{@link #named(String)} is the 32-bit FNV-1a hash of the name's UTF-8 bytes (offset basis
 * {@code 0x811C9DC5}, prime {@code 0x01000193}) with the top bit set. The id of a name is fixed
 * forever: tracks drawn from it stay reproducible across releases. Because the top bit is set,
 * a named id is a negative {@code int} and never equals one of the built-in generators' ids,
 * which are all positive and below 10000 (docs/plugins.md lists them). Two different names
 * collide with probability about 2<sup>-31</sup>; use one name per purpose, prefixed with the
 * generator's name, for example {@code "s_bend/shape"}.
 */
public final class RandomStreams {
    private static final int FNV_OFFSET = 0x811C9DC5;
    private static final int FNV_PRIME = 0x01000193;

    private RandomStreams() {
    }

    /**
     * @param name any non-empty string (by convention {@code generator/purpose})
     * @return the stream id of that name: FNV-1a of its UTF-8 bytes, top bit set
     * @throws IllegalArgumentException if {@code name} is empty
     * @throws NullPointerException     if {@code name} is null
     */
    public static int named(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a random stream needs a non-empty name");
        }
        int h = FNV_OFFSET;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xFF;
            h *= FNV_PRIME;
        }
        return h | 0x8000_0000;
    }
}
