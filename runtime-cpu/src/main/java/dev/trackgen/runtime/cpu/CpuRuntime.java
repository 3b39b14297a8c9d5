package dev.trackgen.runtime.cpu;

import dev.trackgen.api.runtime.CaptureViolationException;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The eager CPU runtime: arrays are Java primitive arrays, and each launch runs the kernel's Java
 * body over its index range on every core (a {@link WorkerPool}).
 *
 * <p>Capture records the launches and copies of a sequence into a list that replay re-runs. While
 * recording, allocation and host-device copies throw {@link CaptureViolationException}, so the
 * capture contract that CUDA graphs need is checked on every machine.
 */
public final class CpuRuntime implements ComputeRuntime {
    private final WorkerPool pool;
    private final boolean prefersReplay;
    private final Lock lock = new ReentrantLock();
    private List<RecordedGraph.Step> recording;
    private boolean closed;

    /**
     * @param threads       threads per launch, including the caller; 0 means one per available
     *                      processor; at most {@link RuntimeOptions#maxThreads()}
     * @param prefersReplay whether callers should capture and replay (exercises the capture path)
     * @throws IllegalArgumentException if {@code threads} is negative or above the maximum
     */
    public CpuRuntime(int threads, boolean prefersReplay) {
        String problem = RuntimeOptions.checkThreads(threads);
        if (problem != null) {
            throw new IllegalArgumentException("threads = " + threads + " " + problem);
        }
        int n = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
        this.pool = new WorkerPool(n);
        this.prefersReplay = prefersReplay;
    }

    /** @return a runtime on all processors that runs eagerly */
    public static CpuRuntime allCores() {
        return new CpuRuntime(0, false);
    }

    /** @return the number of threads working on each launch */
    public int threads() {
        return pool.threads();
    }

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public String describe() {
        return "cpu (" + pool.threads() + " thread" + (pool.threads() == 1 ? "" : "s") + ", "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ")";
    }

    private void checkNotRecording(String what) {
        if (closed) {
            throw new IllegalStateException("the CPU runtime is closed");
        }
        if (recording != null) {
            throw new CaptureViolationException(what + " inside a capture: captured sequences must not "
                    + "allocate or copy between host and device");
        }
    }

    @Override
    public F32Array allocF32(int length) {
        checkNotRecording("allocation of " + length + " floats");
        return new HostF32Array(length);
    }

    @Override
    public I32Array allocI32(int length) {
        checkNotRecording("allocation of " + length + " ints");
        return new HostI32Array(length);
    }

    @Override
    public Vec2Array allocVec2(int length) {
        checkNotRecording("allocation of " + length + " points");
        return new HostVec2Array(length);
    }

    @Override
    public void upload(int[] src, I32Array dst) {
        checkNotRecording("host-to-device copy");
        copyChecked(src, ((HostI32Array) dst).data());
    }

    @Override
    public void upload(float[] src, F32Array dst) {
        checkNotRecording("host-to-device copy");
        copyChecked(src, ((HostF32Array) dst).data());
    }

    @Override
    public void upload(float[] src, Vec2Array dst) {
        checkNotRecording("host-to-device copy");
        copyChecked(src, ((HostVec2Array) dst).data());
    }

    @Override
    public void download(I32Array src, int[] dst) {
        checkNotRecording("device-to-host read-back");
        copyChecked(((HostI32Array) src).data(), dst);
    }

    @Override
    public void download(F32Array src, float[] dst) {
        checkNotRecording("device-to-host read-back");
        copyChecked(((HostF32Array) src).data(), dst);
    }

    @Override
    public void download(Vec2Array src, float[] dst) {
        checkNotRecording("device-to-host read-back");
        copyChecked(((HostVec2Array) src).data(), dst);
    }

    private static void copyChecked(int[] src, int[] dst) {
        checkLengths(src.length, dst.length);
        System.arraycopy(src, 0, dst, 0, src.length);
    }

    private static void copyChecked(float[] src, float[] dst) {
        checkLengths(src.length, dst.length);
        System.arraycopy(src, 0, dst, 0, src.length);
    }

    private static void checkLengths(int n, int m) {
        if (n != m) {
            throw new IllegalArgumentException("copy between arrays of different lengths: " + n + " vs " + m);
        }
    }

    @Override
    public void copy(DeviceArray src, DeviceArray dst) {
        if (closed) {
            throw new IllegalStateException("the CPU runtime is closed");
        }
        if (src.type() != dst.type() || src.length() != dst.length()) {
            throw new IllegalArgumentException("device copy needs the same type and length: " + src.type() + "["
                    + src.length() + "] -> " + dst.type() + "[" + dst.length() + "]");
        }
        if (recording != null) {
            recording.add(RecordedGraph.Step.copy(src, dst));
            return;
        }
        deviceCopy(src, dst);
    }

    /** Copies between two host arrays of the same type and length. */
    static void deviceCopy(DeviceArray src, DeviceArray dst) {
        System.arraycopy(data(src), 0, data(dst), 0, src.length() * (src instanceof HostVec2Array ? 2 : 1));
    }

    private void checkLaunch(Kernel kernel, int dim, KernelArgs args) {
        if (closed) {
            throw new IllegalStateException("the CPU runtime is closed");
        }
        if (args.kernel() != kernel) {
            throw new IllegalArgumentException("arguments of " + args.kernel().name() + " passed to " + kernel.name());
        }
        if (dim < 0) {
            throw new IllegalArgumentException("launch dimension must be >= 0, got " + dim);
        }
    }

    @Override
    public void launch(Kernel kernel, int dim, KernelArgs args) {
        checkLaunch(kernel, dim, args);
        if (recording != null) {
            args.checkComplete();
            recording.add(RecordedGraph.Step.launch(kernel, dim, args.copy()));
            return;
        }
        pool.run(kernel, args, dim);
    }

    void runRecorded(Kernel kernel, int dim, KernelArgs args, EnvMask mask) {
        if (mask == null) {
            pool.run(kernel, args, dim);
        } else {
            pool.runMasked(kernel, args, mask.envs(), dim / mask.envs(), ((HostI32Array) mask.flags()).data());
        }
    }

    /**
     * Runs the selected envs only, spread evenly over the workers (see
     * {@link ComputeRuntime#launchMasked}); recorded with the mask, whose flags are read at replay.
     */
    @Override
    public void launchMasked(Kernel kernel, int dim, KernelArgs args, EnvMask mask) {
        checkLaunch(kernel, dim, args);
        int per = mask.perEnv(dim, kernel);
        if (recording != null) {
            args.checkComplete();
            recording.add(RecordedGraph.Step.launch(kernel, dim, args.copy(), mask));
            return;
        }
        pool.runMasked(kernel, args, mask.envs(), per, ((HostI32Array) mask.flags()).data());
    }

    /** Copies the selected envs' rows only; recorded with the mask, whose flags are read at replay. */
    @Override
    public void copyMasked(DeviceArray src, DeviceArray dst, EnvMask mask) {
        if (closed) {
            throw new IllegalStateException("the CPU runtime is closed");
        }
        if (src.type() != dst.type() || src.length() != dst.length()) {
            throw new IllegalArgumentException("device copy needs the same type and length: " + src.type() + "["
                    + src.length() + "] -> " + dst.type() + "[" + dst.length() + "]");
        }
        mask.perEnv(src.length(), "array length");
        if (recording != null) {
            recording.add(RecordedGraph.Step.copy(src, dst, mask));
            return;
        }
        maskedCopy(src, dst, mask);
    }

    /** Copies the rows of the envs a mask selects, between two host arrays of one type and length. */
    static void maskedCopy(DeviceArray src, DeviceArray dst, EnvMask mask) {
        int[] flags = ((HostI32Array) mask.flags()).data();
        int envs = mask.envs();
        int width = src.length() / envs * (src instanceof HostVec2Array ? 2 : 1);
        Object from = data(src);
        Object to = data(dst);
        for (int e = 0; e < envs; e++) {
            if (flags[e] != 0) {
                System.arraycopy(from, e * width, to, e * width, width);
            }
        }
    }

    private static Object data(DeviceArray a) {
        if (a instanceof HostF32Array f) {
            return f.data();
        }
        if (a instanceof HostI32Array i) {
            return i.data();
        }
        if (a instanceof HostVec2Array v) {
            return v.data();
        }
        throw new IllegalArgumentException("not a host array: " + a);
    }

    @Override
    public boolean supports(Kernel kernel) {
        return true;
    }

    @Override
    public CapturedGraph capture(Runnable sequence) {
        checkNotRecording("a nested capture");
        List<RecordedGraph.Step> steps = new ArrayList<>();
        recording = steps;
        try {
            sequence.run();
        } finally {
            recording = null;
        }
        return new RecordedGraph(this, steps);
    }

    @Override
    public boolean prefersReplay() {
        return prefersReplay;
    }

    @Override
    public boolean accepts(DeviceArray array) {
        return array instanceof HostF32Array || array instanceof HostI32Array || array instanceof HostVec2Array;
    }

    @Override
    public Lock executionLock() {
        return lock;
    }

    @Override
    public void synchronize() {
        // Launches complete before launch() returns.
    }

    @Override
    public void close() {
        closed = true;
        pool.close();
    }

    @Override
    public String toString() {
        return describe();
    }
}
