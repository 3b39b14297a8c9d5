package dev.trackgen.cli.explore;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;

import java.util.concurrent.CancellationException;

/**
 * The runtime the explorer's pipelines run on: it forwards every call and, before each kernel
 * launch, stops the running batch when its job was cancelled (the client went away, a newer
 * request of its page came) or it ran past its time budget. A generator that launches many
 * kernels in one call (the repulsive generator's thousands of steps) is thus stopped within one
 * launch, not after the whole call; a single long launch still runs to its end.
 */
final class CheckedRuntime extends ForwardingRuntime {
    private volatile BatchQueue.Checkpoint checkpoint;
    private volatile long deadline = Long.MAX_VALUE;
    private volatile long budgetMillis;

    CheckedRuntime(ComputeRuntime delegate) {
        super(delegate);
    }

    /**
     * Starts checking a batch.
     *
     * @param checkpoint   its job's checkpoint
     * @param budgetMillis its time budget
     */
    void watch(BatchQueue.Checkpoint checkpoint, long budgetMillis) {
        this.budgetMillis = budgetMillis;
        this.deadline = System.nanoTime() + budgetMillis * 1_000_000L;
        this.checkpoint = checkpoint;
    }

    /** Stops checking (the batch's call returned). */
    void unwatch() {
        checkpoint = null;
        deadline = Long.MAX_VALUE;
    }

    private void check() {
        BatchQueue.Checkpoint c = checkpoint;
        if (c == null) {
            return;
        }
        if (c.stopRequested()) {
            throw new CancellationException("the request was cancelled or superseded");
        }
        if (System.nanoTime() > deadline) {
            throw new ExploreRequestException(503, null, "this batch ran past the explorer's time budget of "
                    + budgetMillis / 1000.0 + " s and was stopped; lower envs or the generator's iterations "
                    + "(trackgen generate has no such limit)");
        }
    }

    @Override
    public void launch(Kernel kernel, int dim, KernelArgs args) {
        check();
        super.launch(kernel, dim, args);
    }

    @Override
    public void launchMasked(Kernel kernel, int dim, KernelArgs args, EnvMask mask) {
        check();
        super.launchMasked(kernel, dim, args, mask);
    }
}
