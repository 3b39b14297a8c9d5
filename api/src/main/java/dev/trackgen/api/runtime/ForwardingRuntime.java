package dev.trackgen.api.runtime;

import java.util.concurrent.locks.Lock;

/**
 * A {@link ComputeRuntime} that forwards every call to another one: the base of runtime
 * decorators (timing each kernel, refusing some kernels, checking results), which override only
 * what they change.
 */
public abstract class ForwardingRuntime implements ComputeRuntime {
    private final ComputeRuntime delegate;

    /** @param delegate the runtime every call goes to */
    protected ForwardingRuntime(ComputeRuntime delegate) {
        this.delegate = delegate;
    }

    /** @return the runtime every call goes to */
    protected final ComputeRuntime delegate() {
        return delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    @Override
    public F32Array allocF32(int length) {
        return delegate.allocF32(length);
    }

    @Override
    public I32Array allocI32(int length) {
        return delegate.allocI32(length);
    }

    @Override
    public Vec2Array allocVec2(int length) {
        return delegate.allocVec2(length);
    }

    @Override
    public void upload(int[] src, I32Array dst) {
        delegate.upload(src, dst);
    }

    @Override
    public void upload(float[] src, F32Array dst) {
        delegate.upload(src, dst);
    }

    @Override
    public void upload(float[] src, Vec2Array dst) {
        delegate.upload(src, dst);
    }

    @Override
    public void download(I32Array src, int[] dst) {
        delegate.download(src, dst);
    }

    @Override
    public void download(F32Array src, float[] dst) {
        delegate.download(src, dst);
    }

    @Override
    public void download(Vec2Array src, float[] dst) {
        delegate.download(src, dst);
    }

    @Override
    public void copy(DeviceArray src, DeviceArray dst) {
        delegate.copy(src, dst);
    }

    @Override
    public void launch(Kernel kernel, int dim, KernelArgs args) {
        delegate.launch(kernel, dim, args);
    }

    @Override
    public void launchMasked(Kernel kernel, int dim, KernelArgs args, EnvMask mask) {
        delegate.launchMasked(kernel, dim, args, mask);
    }

    @Override
    public void copyMasked(DeviceArray src, DeviceArray dst, EnvMask mask) {
        delegate.copyMasked(src, dst, mask);
    }

    @Override
    public boolean supports(Kernel kernel) {
        return delegate.supports(kernel);
    }

    @Override
    public CapturedGraph capture(Runnable sequence) {
        return delegate.capture(sequence);
    }

    @Override
    public boolean prefersReplay() {
        return delegate.prefersReplay();
    }

    @Override
    public boolean accepts(DeviceArray array) {
        return delegate.accepts(array);
    }

    @Override
    public Lock executionLock() {
        return delegate.executionLock();
    }

    @Override
    public void synchronize() {
        delegate.synchronize();
    }

    /** Closes the delegate. */
    @Override
    public void free(DeviceArray array) {
        delegate.free(array);
    }

    @Override
    public boolean needsGlobalScratch(Kernel kernel, LaunchShape shape) {
        return delegate.needsGlobalScratch(kernel, shape);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
