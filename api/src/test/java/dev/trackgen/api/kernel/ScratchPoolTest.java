package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ScratchPoolTest {

    @Test
    void makesABufferOnlyWhenEveryKeptOneIsInUse() {
        AtomicInteger made = new AtomicInteger();
        ScratchPool<int[]> pool = new ScratchPool<>(() -> new int[] {made.incrementAndGet()});
        int[] a = pool.acquire();
        int[] b = pool.acquire();
        assertNotSame(a, b);
        assertEquals(2, made.get());
        pool.release(a);
        pool.release(b);
        for (int k = 0; k < 100; k++) {
            int[] x = pool.acquire();
            int[] y = pool.acquire();
            assertNotSame(x, y, "two chunks at once never share a buffer");
            pool.release(y);
            pool.release(x);
        }
        assertEquals(2, made.get(), "released buffers are reused, whichever order they come back in");
        int[] only = pool.acquire();
        pool.release(only);
        assertSame(only, pool.acquire());
    }

    @Test
    void refusesANullFactory() {
        assertThrows(NullPointerException.class, () -> new ScratchPool<Object>(null));
    }
}
