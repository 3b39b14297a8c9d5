package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A host runtime that runs every launch twice, the Java body and the CUDA C body (through a
 * {@link Twins.BodyRunner}) on copies of the same inputs, and records every element on which
 * they disagree; the pipeline continues with the Java results, so each kernel is checked on
 * exactly the inputs the CPU pipeline gives it.
 */
final class TwinCheckingRuntime extends ForwardingRuntime {
    private final Twins.BodyRunner runner;
    private final List<String> mismatches = new ArrayList<>();
    private final Map<String, Integer> launches = new LinkedHashMap<>();
    private BiFunction<Kernel, LaunchShape, LaunchShape> shapes = (k, s) -> s;
    private Observer observer = (k, dim, a) -> { };
    private boolean deviceLayout;

    /** Sees every launch after both bodies ran (the Java results are in the host arrays). */
    interface Observer {
        void launched(Kernel kernel, int dim, KernelArgs args);
    }

    TwinCheckingRuntime(Twins.BodyRunner runner) {
        super(new CpuRuntime(1, false));
        this.runner = runner;
    }

    /** @param f rewrites a kernel's launch shape for the C body (to test a fallback path) */
    TwinCheckingRuntime withShapes(BiFunction<Kernel, LaunchShape, LaunchShape> f) {
        this.shapes = f;
        return this;
    }

    /**
     * Makes the runtime report itself as not host resident, so stages bind the per-env global
     * scratch a device body needs (the relaxation's fallback when shared memory is refused).
     */
    TwinCheckingRuntime deviceLayout() {
        this.deviceLayout = true;
        return this;
    }

    /** With {@link #deviceLayout()}: every fallback body gets its per-env scratch (shapes may refuse shared memory). */
    @Override
    public boolean needsGlobalScratch(dev.trackgen.api.runtime.Kernel kernel, dev.trackgen.api.runtime.LaunchShape shape) {
        return deviceLayout && shape.sharedFallback() || super.needsGlobalScratch(kernel, shape);
    }

    /** @param o sees every launch after both bodies ran, to measure which branches a batch took */
    TwinCheckingRuntime observe(Observer o) {
        this.observer = o;
        return this;
    }

    List<String> mismatches() {
        return mismatches;
    }

    /** @return launches per kernel name, in first-launch order */
    Map<String, Integer> launches() {
        return launches;
    }

    @Override
    public void launch(Kernel kernel, int dim, KernelArgs args) {
        launches.merge(kernel.name(), 1, Integer::sum);
        LaunchShape shape = dim > 0 ? shapes.apply(kernel, kernel.cudaLaunchShape(dim, args)) : null;
        mismatches.addAll(Twins.runBoth(kernel, dim, args, shape, runner, 20 - Math.min(20, mismatches.size())));
        observer.launched(kernel, dim, args);
    }

    @Override
    public String name() {
        return "twin";
    }

    @Override
    public String describe() {
        return "java and cuda-on-host twins";
    }

    @Override
    public boolean supports(Kernel kernel) {
        return kernel.cudaModule() != null;
    }

    @Override
    public CapturedGraph capture(Runnable sequence) {
        throw new UnsupportedOperationException("the twin runtime runs eagerly");
    }

    @Override
    public boolean prefersReplay() {
        return false;
    }
}
