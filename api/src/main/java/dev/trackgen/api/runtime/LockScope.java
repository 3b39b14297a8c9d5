package dev.trackgen.api.runtime;

import java.util.Objects;
import java.util.concurrent.locks.Lock;

/**
 * A lock held for the extent of a {@code try}-with-resources block, without the hand-written
 * {@code lock(); try { ... } finally { unlock(); }} around every public call of a facade:
 *
 * <pre>{@code
 * private final LockScope exclusive = new LockScope(runtime.executionLock());
 *
 * public void step() {
 *     try (LockScope held = exclusive.acquire()) {
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>One instance per lock, made once: {@link #acquire()} returns the instance itself, so
 * entering a scope allocates nothing (the sim loop's steady state stays allocation-free). Nesting
 * follows the lock's own rules (a {@link java.util.concurrent.locks.ReentrantLock} nests).
 */
public final class LockScope implements AutoCloseable {
    private final Lock lock;

    /**
     * @param lock the lock this scope holds
     * @throws NullPointerException if {@code lock} is null
     */
    public LockScope(Lock lock) {
        this.lock = Objects.requireNonNull(lock, "lock");
    }

    /**
     * Takes the lock, waiting for it.
     *
     * @return this scope, to close at the end of the {@code try} block
     */
    public LockScope acquire() {
        lock.lock();
        return this;
    }

    /** Releases the lock taken by the matching {@link #acquire()}. */
    @Override
    public void close() {
        lock.unlock();
    }

    /** @return the lock this scope holds */
    public Lock lock() {
        return lock;
    }
}
