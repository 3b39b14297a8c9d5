package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.concurrent.locks.Lock;

/** A runtime that forwards everything, except that it asks to run eagerly (no capture and replay). */
class ForwardingRuntime implements ComputeRuntime {
    private final ComputeRuntime d;

    ForwardingRuntime(ComputeRuntime delegate) {
        this.d = delegate;
    }

    @Override
    public boolean prefersReplay() {
        return false;
    }

    @Override
    public String name() {
        return d.name();
    }

    @Override
    public String describe() {
        return "eager " + d.describe();
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
    public void launch(Kernel k, int dim, KernelArgs a) {
        d.launch(k, dim, a);
    }

    @Override
    public boolean supports(Kernel k) {
        return d.supports(k);
    }

    @Override
    public CapturedGraph capture(Runnable sequence) {
        return d.capture(sequence);
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
