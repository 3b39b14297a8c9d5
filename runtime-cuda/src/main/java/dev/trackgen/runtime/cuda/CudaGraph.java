package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.CapturedGraph;

/** A CUDA graph executable captured by {@link CudaRuntime#capture(Runnable)}. */
final class CudaGraph implements CapturedGraph {
    private final CudaRuntime runtime;
    private final CudaDriver.Graph handle;
    private final int size;
    private boolean closed;

    CudaGraph(CudaRuntime runtime, CudaDriver.Graph handle, int size) {
        this.runtime = runtime;
        this.handle = handle;
        this.size = size;
    }

    CudaDriver.Graph handle() {
        return handle;
    }

    /** Enqueues one replay on the runtime's stream ({@code cuGraphLaunch}); returns without waiting. */
    @Override
    public void replay() {
        if (closed) {
            throw new IllegalStateException("graph is closed");
        }
        runtime.replay(this);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            runtime.release(this);
        }
    }
}
