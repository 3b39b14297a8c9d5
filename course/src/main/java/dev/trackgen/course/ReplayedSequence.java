package dev.trackgen.course;

import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;

/**
 * A fixed launch sequence that runs eagerly on a runtime that does not prefer replay, and on one
 * that does (CUDA) runs eagerly once (warm-up), is captured into a graph on its second call and
 * is replayed from then on. The sequence may keep state between calls (the progress update does),
 * so no call runs it twice. The caller holds the execution lock.
 */
final class ReplayedSequence implements AutoCloseable {
    private final ComputeRuntime runtime;
    private final Runnable sequence;
    private boolean warmedUp;
    private CapturedGraph graph;

    ReplayedSequence(ComputeRuntime runtime, Runnable sequence) {
        this.runtime = runtime;
        this.sequence = sequence;
    }

    void run() {
        if (graph != null) {
            graph.replay();
        } else if (!runtime.prefersReplay() || !warmedUp) {
            sequence.run();
            warmedUp = true;
        } else {
            runtime.synchronize();
            graph = runtime.capture(sequence);
            graph.replay();
        }
    }

    /** @return whether the sequence is captured (it replays from now on) */
    boolean captured() {
        return graph != null;
    }

    @Override
    public void close() {
        if (graph != null) {
            graph.close();
            graph = null;
        }
    }
}
