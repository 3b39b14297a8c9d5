package dev.trackgen.pipeline;

import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

import java.util.concurrent.locks.Lock;

/**
 * A runtime that, like CUDA with a Java-only plugin, has bodies for the pipeline's kernels only:
 * it refuses any kernel outside the pipeline's PTX module.
 */
final class KernelFilteringRuntime implements ComputeRuntime {
    private final ComputeRuntime d;

    KernelFilteringRuntime(ComputeRuntime delegate) {
        this.d = delegate;
    }

    @Override
    public boolean supports(Kernel k) {
        return PipelineKernels.PTX.equals(k.cudaModule());
    }

    @Override
    public void launch(Kernel k, int dim, KernelArgs a) {
        if (!supports(k)) {
            throw new UnsupportedOperationException("no body for " + k.name());
        }
        d.launch(k, dim, a);
    }

    @Override
    public String name() {
        return "filtering";
    }

    @Override
    public String describe() {
        return "filtering " + d.describe();
    }

    @Override
    public F32Array allocF32(int n) {
        return d.allocF32(n);
    }

    @Override
    public I32Array allocI32(int n) {
        return d.allocI32(n);
    }

    @Override
    public Vec2Array allocVec2(int n) {
        return d.allocVec2(n);
    }

    @Override
    public void upload(int[] s, I32Array x) {
        d.upload(s, x);
    }

    @Override
    public void upload(float[] s, F32Array x) {
        d.upload(s, x);
    }

    @Override
    public void upload(float[] s, Vec2Array x) {
        d.upload(s, x);
    }

    @Override
    public void download(I32Array s, int[] x) {
        d.download(s, x);
    }

    @Override
    public void download(F32Array s, float[] x) {
        d.download(s, x);
    }

    @Override
    public void download(Vec2Array s, float[] x) {
        d.download(s, x);
    }

    @Override
    public void copy(DeviceArray s, DeviceArray x) {
        d.copy(s, x);
    }

    @Override
    public CapturedGraph capture(Runnable r) {
        return d.capture(r);
    }

    @Override
    public boolean prefersReplay() {
        return d.prefersReplay();
    }

    @Override
    public boolean hostResident() {
        return d.hostResident();
    }

    @Override
    public Lock executionLock() {
        return d.executionLock();
    }

    @Override
    public void synchronize() {
        d.synchronize();
    }

    @Override
    public void close() {
    }
}
