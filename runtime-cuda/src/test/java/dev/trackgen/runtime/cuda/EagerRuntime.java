package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.ForwardingRuntime;

/** A runtime that forwards everything, except that it asks to run eagerly (no capture and replay). */
class EagerRuntime extends ForwardingRuntime {

    EagerRuntime(ComputeRuntime delegate) {
        super(delegate);
    }

    @Override
    public boolean prefersReplay() {
        return false;
    }

    @Override
    public String describe() {
        return "eager " + delegate().describe();
    }

    /** The delegate stays open: its owner closes it. */
    @Override
    public void close() {
    }
}
