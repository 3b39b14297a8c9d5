package dev.trackgen.api.kernel;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Scratch buffers for a Java kernel body that works on one env at a time, shared by whichever
 * threads run the launch's chunks: a chunk takes a buffer ({@link #acquire()}), uses it for each
 * of its envs and gives it back ({@link #release}). The pool makes a buffer only when every one
 * it holds is in use, so it holds as many as chunks ever ran at once (about one per CPU worker);
 * after that, launches allocate nothing, whichever thread runs which chunk (a per-thread buffer
 * would be made again the first time a launch reaches a thread that has not run it yet). No
 * allocation on {@code acquire}/{@code release} once the buffers exist; lock-free.
 *
 * @param <T> the buffer type (grown by its user to the sizes a launch needs)
 */
public final class ScratchPool<T> {
    private static final int SLOTS = 64;
    private final AtomicReferenceArray<T> slots = new AtomicReferenceArray<>(SLOTS);
    private final Supplier<? extends T> make;

    /**
     * @param make makes an empty buffer
     * @throws NullPointerException if {@code make} is null
     */
    public ScratchPool(Supplier<? extends T> make) {
        this.make = Objects.requireNonNull(make, "make");
    }

    /** @return a buffer no other chunk holds: a kept one, else a new one */
    public T acquire() {
        for (int i = 0; i < SLOTS; i++) {
            T t = slots.getAndSet(i, null);
            if (t != null) {
                return t;
            }
        }
        return make.get();
    }

    /**
     * Gives a buffer back for the next chunk (dropped if the pool is full).
     *
     * @param buffer a buffer from {@link #acquire()}
     */
    public void release(T buffer) {
        for (int i = 0; i < SLOTS; i++) {
            if (slots.get(i) == null && slots.compareAndSet(i, null, buffer)) {
                return;
            }
        }
    }
}
