package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.CaptureViolationException;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The CUDA runtime: device arrays in plain device memory, kernels' CUDA C bodies loaded from the
 * PTX modules their {@link Kernel#cudaModule()} names, all work on one dedicated non-blocking
 * stream, and {@link #capture(Runnable)} by CUDA stream capture into a graph that
 * {@link CapturedGraph#replay()} relaunches with {@code cuGraphLaunch}.
 *
 * <p>Semantics: {@link #prefersReplay()} is true (callers capture a fixed sequence once and
 * replay it); {@link #executionLock()} is one lock shared by every CUDA runtime of the process,
 * and every public operation takes it (it is reentrant), so a runtime shared between threads never
 * interleaves one thread's allocation, upload or module load with another's capture;
 * every operation makes the runtime's context current for its duration and leaves the calling
 * thread's own context current afterwards ({@link CudaDriver#enter()});
 * inside a capture, allocation and host copies throw {@link CaptureViolationException} before
 * reaching the driver; {@link #accepts(DeviceArray)} only its own arrays; {@link #supports(Kernel)} is whether the
 * kernel's PTX function loads; {@link #synchronize()} waits for the stream. Launches are
 * asynchronous; host copies are ordered with them and return when done.
 *
 * <p>Kernels launch with their {@link Kernel#cudaLaunchShape(int, KernelArgs)}: the CUDA entry
 * point receives the launch dimension first, then the bound arguments (see {@link LaunchShape}).
 * Create one with {@code RuntimeRegistry.create("cuda", options)} or the {@link CudaRuntimeProvider}.
 */
public final class CudaRuntime implements ComputeRuntime {
    private static final Lock PROCESS_LOCK = new ReentrantLock();
    private static final LockScope PROCESS_SCOPE = new LockScope(PROCESS_LOCK);
    private static final int DEFAULT_SHARED_LIMIT = 48 * 1024;
    /**
     * System property: {@code true} makes every eager launch wait for the stream and name its kernel
     * when the device reports a fault, instead of the fault surfacing at a later call (diagnosis only:
     * it serializes host and device; captured launches are unaffected).
     */
    public static final String SYNC_EVERY_LAUNCH = "trackgen.cuda.syncEveryLaunch";

    private final CudaDriver driver;
    private final Map<Kernel, Optional<CudaDriver.Function>> functions = new IdentityHashMap<>();
    private final Map<String, Optional<CudaDriver.Module>> modules = new HashMap<>();
    private final Map<CudaDriver.Function, Integer> sharedAllowed = new IdentityHashMap<>();
    private final Map<CudaDriver.Function, Integer> staticShared = new IdentityHashMap<>();
    private final List<CudaArrays.Base> allocations = new ArrayList<>();
    private final List<CudaGraph> graphs = new ArrayList<>();
    private final boolean syncEveryLaunch = Boolean.getBoolean(SYNC_EVERY_LAUNCH);
    private boolean capturing;
    private int capturedSteps;
    private boolean closed;

    /**
     * @param driver the device and stream to run on, owned by this runtime from now on
     * @throws RuntimeUnavailableException when this build has no kernels
     */
    CudaRuntime(CudaDriver driver) {
        this.driver = driver;
        if (PtxResources.apiModule() == null) {
            driver.close();
            throw new RuntimeUnavailableException("runtime 'cuda' is unavailable: " + CudaProbe.withoutKernels());
        }
    }

    /** @return the lock serializing all CUDA work of the process */
    static Lock processLock() {
        return PROCESS_LOCK;
    }

    /** Takes the process lock and enters the driver's context; pair with {@link #end()} in a finally. */
    private void begin() {
        PROCESS_LOCK.lock();
        try {
            driver.enter();
        } catch (RuntimeException | Error e) {
            PROCESS_LOCK.unlock();
            throw e;
        }
    }

    /** Leaves the driver's context and releases the process lock. */
    private void end() {
        try {
            driver.leave();
        } finally {
            PROCESS_LOCK.unlock();
        }
    }

    @Override
    public String name() {
        return CudaRuntimeProvider.NAME;
    }

    @Override
    public String describe() {
        return driver.describe();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the CUDA runtime is closed");
        }
    }

    private void checkNotCapturing(String what) {
        checkOpen();
        if (capturing) {
            throw new CaptureViolationException(what + " inside a capture: captured sequences must not "
                    + "allocate or copy between host and device");
        }
    }

    @Override
    public F32Array allocF32(int length) {
        begin();
        try {
            checkNotCapturing("allocation of " + length + " floats");
            return register(new CudaArrays.F32(this, driver.alloc(4L * checkLength(length)), length));
        } finally {
            end();
        }
    }

    @Override
    public I32Array allocI32(int length) {
        begin();
        try {
            checkNotCapturing("allocation of " + length + " ints");
            return register(new CudaArrays.I32(this, driver.alloc(4L * checkLength(length)), length));
        } finally {
            end();
        }
    }

    @Override
    public Vec2Array allocVec2(int length) {
        begin();
        try {
            checkNotCapturing("allocation of " + length + " points");
            return register(new CudaArrays.Vec2(this, driver.alloc(8L * checkLength(length)), length));
        } finally {
            end();
        }
    }

    private static int checkLength(int length) {
        if (length < 0) {
            throw new IllegalArgumentException("array length must be >= 0, got " + length);
        }
        return length;
    }

    private <T extends CudaArrays.Base> T register(T array) {
        allocations.add(array);
        return array;
    }

    private CudaArrays.Base own(DeviceArray a) {
        if (a instanceof CudaArrays.Base b && b.owner == this) {
            if (b.freed) {
                throw new IllegalStateException("array " + a + " was freed (its generator was closed)");
            }
            return b;
        }
        throw new IllegalArgumentException("array " + a + " does not belong to this CUDA runtime");
    }

    private static void checkLengths(int n, int m) {
        if (n != m) {
            throw new IllegalArgumentException("copy between arrays of different lengths: " + n + " vs " + m);
        }
    }

    @Override
    public void upload(int[] src, I32Array dst) {
        begin();
        try {
            checkNotCapturing("host-to-device copy");
            checkLengths(src.length, dst.length());
            driver.copyToDevice(src, own(dst).buffer);
        } finally {
            end();
        }
    }

    @Override
    public void upload(float[] src, F32Array dst) {
        begin();
        try {
            checkNotCapturing("host-to-device copy");
            checkLengths(src.length, dst.length());
            driver.copyToDevice(src, own(dst).buffer);
        } finally {
            end();
        }
    }

    @Override
    public void upload(float[] src, Vec2Array dst) {
        begin();
        try {
            checkNotCapturing("host-to-device copy");
            checkLengths(src.length, 2 * dst.length());
            driver.copyToDevice(src, own(dst).buffer);
        } finally {
            end();
        }
    }

    @Override
    public void download(I32Array src, int[] dst) {
        begin();
        try {
            checkNotCapturing("device-to-host read-back");
            checkLengths(src.length(), dst.length);
            driver.copyToHost(own(src).buffer, dst);
        } finally {
            end();
        }
    }

    @Override
    public void download(F32Array src, float[] dst) {
        begin();
        try {
            checkNotCapturing("device-to-host read-back");
            checkLengths(src.length(), dst.length);
            driver.copyToHost(own(src).buffer, dst);
        } finally {
            end();
        }
    }

    @Override
    public void download(Vec2Array src, float[] dst) {
        begin();
        try {
            checkNotCapturing("device-to-host read-back");
            checkLengths(2 * src.length(), dst.length);
            driver.copyToHost(own(src).buffer, dst);
        } finally {
            end();
        }
    }

    @Override
    public void copy(DeviceArray src, DeviceArray dst) {
        begin();
        try {
            copyLocked(src, dst);
        } finally {
            end();
        }
    }

    private void copyLocked(DeviceArray src, DeviceArray dst) {
        checkOpen();
        if (src.type() != dst.type() || src.length() != dst.length()) {
            throw new IllegalArgumentException("device copy needs the same type and length: " + src.type() + "["
                    + src.length() + "] -> " + dst.type() + "[" + dst.length() + "]");
        }
        CudaArrays.Base s = own(src);
        CudaArrays.Base d = own(dst);
        if (s.words() > 0) {
            driver.copyOnDevice(s.buffer, d.buffer, s.bytes());
            if (capturing) {
                capturedSteps++;
            }
        }
    }

    /**
     * Enqueues a launch of the kernel's CUDA body with its {@link Kernel#cudaLaunchShape} on the
     * stream (recorded when capturing). A launch of dimension 0 does nothing.
     *
     * @throws UnsupportedOperationException if the kernel has no loadable CUDA body
     */
    @Override
    public void launch(Kernel kernel, int dim, KernelArgs args) {
        begin();
        try {
            launchLocked(kernel, dim, args);
        } finally {
            end();
        }
    }

    private void launchLocked(Kernel kernel, int dim, KernelArgs args) {
        checkOpen();
        if (args.kernel() != kernel) {
            throw new IllegalArgumentException("arguments of " + args.kernel().name() + " passed to " + kernel.name());
        }
        if (dim < 0) {
            throw new IllegalArgumentException("launch dimension must be >= 0, got " + dim);
        }
        CudaDriver.Function f = function(kernel);
        if (f == null) {
            throw new UnsupportedOperationException("the CUDA runtime has no body for kernel " + kernel.name()
                    + (kernel.cudaModule() == null ? " (it declares no CUDA module)"
                    : " (module " + kernel.cudaModule() + " is missing or lacks it)"));
        }
        args.checkComplete();
        if (dim == 0) {
            return;
        }
        LaunchShape shape = kernel.cudaLaunchShape(dim, args);
        int shared = sharedBytesFor(kernel, f, shape);
        Object[] params = new Object[args.size() + 1];
        params[0] = dim;
        for (int i = 0; i < args.size(); i++) {
            params[i + 1] = switch (args.type(i)) {
                case INT -> args.intValue(i);
                case FLOAT -> args.floatValue(i);
                default -> own(args.array(i)).buffer;
            };
        }
        if (shared != shape.sharedBytes()) {
            shape = shape.withSharedBytes(shared);
        }
        driver.launch(f, shape, params);
        if (capturing) {
            capturedSteps++;
        } else if (syncEveryLaunch) {
            try {
                driver.synchronize();
            } catch (CudaException e) {
                throw new CudaException(e.code(), "kernel " + kernel.name() + " (dim " + dim + ", " + shape.gridX()
                        + " x " + shape.blockX() + " threads, " + shape.sharedBytes() + " B shared) failed: "
                        + e.getMessage());
            }
        }
    }

    /**
     * The dynamic shared memory to launch with. The driver limits static plus dynamic shared
     * memory: within 48 KiB nothing is needed; above it, up to the device's opt-in limit, the
     * function's dynamic limit is raised once; past that, a shape with a global-scratch fallback
     * gets 0 bytes and one without is refused.
     *
     * @throws IllegalStateException with one line when the kernel needs more than the device has and no fallback
     */
    private int sharedBytesFor(Kernel kernel, CudaDriver.Function f, LaunchShape shape) {
        int requested = shape.sharedBytes();
        if (requested == 0) {
            return 0;
        }
        int st = staticSharedBytes(f);
        long total = (long) st + requested;
        if (total <= DEFAULT_SHARED_LIMIT) {
            return requested;
        }
        int limit = driver.maxDynamicSharedBytes();
        if (total > limit) {
            if (shape.sharedFallback()) {
                return 0; // the body falls back to global scratch (LaunchShape)
            }
            throw new IllegalStateException("kernel " + kernel.name() + " needs " + total + " bytes of shared memory per"
                    + " block (" + st + " static + " + requested + " dynamic), more than the " + limit + " this device"
                    + " allows, and has no global-memory fallback; use a smaller configuration (N_max) on this device"
                    + " or the CPU runtime");
        }
        Integer allowed = sharedAllowed.get(f);
        if (allowed == null || allowed < requested) {
            driver.allowDynamicShared(f, requested);
            sharedAllowed.put(f, requested);
        }
        return requested;
    }

    private CudaDriver.Function function(Kernel kernel) {
        Optional<CudaDriver.Function> f = functions.get(kernel);
        if (f == null) {
            if (capturing) {
                throw new CaptureViolationException("kernel " + kernel.name() + " was first launched inside a "
                        + "capture: loading its module there is not capturable; launch the sequence once (warm up) "
                        + "or call supports() before capturing");
            }
            f = Optional.ofNullable(loadFunction(kernel));
            functions.put(kernel, f);
        }
        return f.orElse(null);
    }

    private CudaDriver.Function loadFunction(Kernel kernel) {
        String path = kernel.cudaModule();
        if (path == null) {
            return null;
        }
        String key = kernel.getClass().getModule() + "!" + kernel.getClass().getClassLoader() + "!" + path;
        Optional<CudaDriver.Module> m = modules.get(key);
        if (m == null) {
            byte[] ptx = PtxResources.read(kernel);
            if (ptx == null) {
                m = Optional.empty();
            } else {
                try {
                    m = Optional.of(driver.loadModule(ptx));
                } catch (CudaException e) {
                    if (e.code() == CudaException.UNSUPPORTED_PTX_VERSION) {
                        throw new RuntimeUnavailableException("runtime 'cuda' is unavailable: "
                                + CudaProbe.tooOldDriver(0, ptx), e);
                    }
                    throw e;
                }
            }
            modules.put(key, m);
        }
        return m.map(mod -> driver.function(mod, kernel.name())).orElse(null);
    }

    /**
     * @return whether the kernel's CUDA body loads: it names a PTX module that is on the class or
     *         module path and defines its entry point
     */
    @Override
    public boolean supports(Kernel kernel) {
        begin();
        try {
            checkOpen();
            return function(kernel) != null;
        } finally {
            end();
        }
    }

    /**
     * Records the sequence by stream capture into a CUDA graph and instantiates it. The sequence
     * runs once, recorded, not executed. Kernel modules are loaded (and functions resolved) when
     * first launched, which happens outside a capture when callers warm up first.
     *
     * @throws CaptureViolationException if the sequence allocates or copies between host and device
     */
    @Override
    public CapturedGraph capture(Runnable sequence) {
        begin();
        try {
            return captureLocked(sequence);
        } finally {
            end();
        }
    }

    private CapturedGraph captureLocked(Runnable sequence) {
        checkNotCapturing("a nested capture");
        driver.beginCapture();
        capturing = true;
        capturedSteps = 0;
        CudaDriver.Graph g;
        try {
            sequence.run();
        } catch (RuntimeException | Error e) {
            capturing = false;
            driver.abortCapture();
            throw e;
        }
        capturing = false;
        g = driver.endCapture();
        CudaGraph graph = new CudaGraph(this, g, capturedSteps);
        graphs.add(graph);
        return graph;
    }

    void replay(CudaGraph graph) {
        begin();
        try {
            checkNotCapturing("a graph replay");
            driver.launchGraph(graph.handle());
        } finally {
            end();
        }
    }

    void release(CudaGraph graph) {
        begin();
        try {
            if (!closed) {
                driver.destroyGraph(graph.handle());
                graphs.remove(graph);
            }
        } finally {
            end();
        }
    }

    /** @return {@code true}: capture once, then replay */
    @Override
    public boolean prefersReplay() {
        return true;
    }

    /** @return whether this runtime allocated the array (device memory of another runtime is refused) */
    @Override
    public boolean accepts(DeviceArray array) {
        return array instanceof CudaArrays.Base b && b.owner == this;
    }

    /** @return the one lock shared by every CUDA runtime of this process */
    @Override
    public Lock executionLock() {
        return PROCESS_LOCK;
    }

    @Override
    public void synchronize() {
        begin();
        try {
            checkOpen();
            if (capturing) {
                throw new CaptureViolationException("synchronize inside a capture: captured sequences must not wait "
                        + "on the host");
            }
            driver.synchronize();
        } finally {
            end();
        }
    }

    /**
     * @return whether the device cannot give the shape's shared memory (static plus dynamic over
     *         its opt-in limit) and the body has a global-scratch fallback it will then run
     */
    @Override
    public boolean needsGlobalScratch(Kernel kernel, LaunchShape shape) {
        begin();
        try {
            checkNotCapturing("a shared-memory query");
            CudaDriver.Function f = function(kernel);
            if (f == null || shape.sharedBytes() == 0 || !shape.sharedFallback()) {
                return false;
            }
            return (long) staticSharedBytes(f) + shape.sharedBytes() > driver.maxDynamicSharedBytes();
        } finally {
            end();
        }
    }

    private int staticSharedBytes(CudaDriver.Function f) {
        Integer st = staticShared.get(f);
        if (st == null) {
            st = driver.staticSharedBytes(f);
            staticShared.put(f, st);
        }
        return st;
    }

    /**
     * Frees the array's device memory now; the array is unusable afterwards.
     *
     * @throws CaptureViolationException inside a capture
     * @throws IllegalArgumentException  if the array belongs to another runtime
     */
    @Override
    public void free(DeviceArray array) {
        begin();
        try {
            checkNotCapturing("freeing an array");
            CudaArrays.Base b = own(array);
            for (int i = allocations.size() - 1; i >= 0; i--) {
                if (allocations.get(i) == b) {
                    allocations.remove(i);
                    break;
                }
            }
            b.freed = true;
            driver.free(b.buffer);
        } finally {
            end();
        }
    }

    /**
     * What the device compiled a kernel to (registers, static shared and local memory, block limit).
     *
     * @param kernel a kernel with a CUDA body
     * @return its resources, or {@code null} when it has no loadable CUDA body
     */
    public KernelResources resources(Kernel kernel) {
        begin();
        try {
            checkOpen();
            CudaDriver.Function f = function(kernel);
            if (f == null) {
                return null;
            }
            int[] a = driver.functionAttributes(f);
            return new KernelResources(kernel.name(), a[0], a[1], a[2], a[3]);
        } finally {
            end();
        }
    }

    /** @return the device's free and total memory and the bytes of this runtime's live arrays */
    public DeviceMemory memory() {
        begin();
        try {
            checkOpen();
            long[] info = driver.memoryInfo();
            long mine = 0;
            for (CudaArrays.Base a : allocations) {
                mine += a.bytes();
            }
            return new DeviceMemory(info[0], info[1], mine);
        } finally {
            end();
        }
    }

    /**
     * The device address of an array of this runtime, stable for the array's lifetime (a simulator
     * can bake it into its own kernels).
     *
     * @param array an array allocated by this runtime
     * @return its device address
     */
    public long devicePointer(DeviceArray array) {
        return own(array).buffer.address();
    }

    /** Waits for pending work, then frees every array and graph, unloads the modules, and releases the stream and the context reference. */
    @Override
    public void close() {
        try (LockScope held = PROCESS_SCOPE.acquire()) {
            closeLocked();
        }
    }

    private void closeLocked() {
        if (closed) {
            return;
        }
        boolean entered = false;
        try {
            driver.enter();
            entered = true;
            driver.synchronize();
        } catch (RuntimeException ignored) {
            // a failed stream still gets its resources released
        }
        for (CudaGraph g : List.copyOf(graphs)) {
            driver.destroyGraph(g.handle());
        }
        graphs.clear();
        for (CudaArrays.Base a : allocations) {
            driver.free(a.buffer);
        }
        allocations.clear();
        for (Optional<CudaDriver.Module> m : modules.values()) {
            m.ifPresent(driver::unloadModule);
        }
        modules.clear();
        functions.clear();
        closed = true;
        if (entered) {
            driver.leave();
        }
        driver.close();
    }

    @Override
    public String toString() {
        return describe();
    }
}
