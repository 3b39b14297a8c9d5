package dev.trackgen.runtime.cpu;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;

/** Provides the {@code cpu} runtime; always available, lowest priority for {@code auto}. */
public final class CpuRuntimeProvider implements RuntimeProvider {
    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public ComputeRuntime create(RuntimeOptions options) {
        return new CpuRuntime(options.threads(), options.replay());
    }
}
