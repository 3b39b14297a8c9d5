package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.LaunchShape;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link CudaDriver} without a GPU: device memory is host memory, module loading reads the entry
 * points of the real PTX built by nvcc, launches run the CUDA C bodies on the host harness, and
 * stream capture records launches and copies into a list that a graph launch replays. It lets
 * the whole {@link CudaRuntime} above the driver run in CI; it also asserts the runtime never
 * allocates, frees or copies to or from the host while capturing.
 */
final class EmulatedDriver implements CudaDriver {
    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+(\\w+)\\s*\\(");
    /** A static shared variable of a PTX function: {@code .shared .align A .TYPE name[N];}. */
    private static final Pattern SHARED = Pattern.compile(
            "^\\s*\\.shared\\s+\\.align\\s+(\\d+)\\s+\\.([a-z]+)(\\d+)\\s+\\S+?(?:\\[(\\d+)\\])?;", Pattern.MULTILINE);
    /** The default dynamic shared memory limit of a function: 48 KiB less its static shared memory. */
    static final int DEFAULT_SHARED = 48 * 1024;
    /** The emulated "primary" context; other values stand for a caller's own contexts. */
    static final String OWN_CONTEXT = "trackgen";
    private static final AtomicLong NEXT_ADDRESS = new AtomicLong(0x7f0000000000L);

    private final HostHarness harness;
    private final int maxShared;
    private final java.util.Map<String, Integer> staticShared = new java.util.HashMap<>();
    private final java.util.Map<String, Integer> dynamicAllowed = new java.util.HashMap<>();
    /** Each thread's current context, as the driver keeps it; {@code null} when none is current. */
    static final ThreadLocal<String> CURRENT = new ThreadLocal<>();
    private final java.util.ArrayDeque<String> saved = new java.util.ArrayDeque<>();
    int depth;
    /** Driver calls made while this driver's context was not current (should be none). */
    final List<String> outOfContext = new java.util.concurrent.CopyOnWriteArrayList<>();
    private List<Runnable> recording;
    final List<String> log = new ArrayList<>();
    /** A kernel whose launch leaves a pending asynchronous fault, reported by the next synchronize. */
    String faultingKernel;
    private boolean pendingFault;
    int allocations;
    int frees;
    int synchronizations;
    boolean closed;

    static final class EmuBuffer implements Buffer {
        final int[] words;
        final long address;

        EmuBuffer(int words) {
            this.words = new int[words];
            this.address = NEXT_ADDRESS.getAndAdd(Math.max(256, 4L * words + 255) & ~255L);
        }

        @Override
        public long address() {
            return address;
        }
    }

    record EmuModule(Set<String> entries) implements Module {
    }

    record EmuFunction(String name) implements Function {
    }

    record EmuGraph(List<Runnable> steps) implements Graph {
    }

    EmulatedDriver(HostHarness harness, int maxShared) {
        this.harness = harness;
        this.maxShared = maxShared;
    }

    private void inContext(String what) {
        if (!OWN_CONTEXT.equals(CURRENT.get())) {
            outOfContext.add(what + " with context " + CURRENT.get());
        }
    }

    @Override
    public void enter() {
        if (depth++ == 0) {
            saved.push(String.valueOf(CURRENT.get()));
            CURRENT.set(OWN_CONTEXT);
        }
    }

    @Override
    public void leave() {
        if (depth == 0) {
            throw new AssertionError("leave without enter");
        }
        if (--depth == 0) {
            String s = saved.pop();
            CURRENT.set("null".equals(s) ? null : s);
        }
    }

    /** Total memory of the emulated device, bytes. */
    static final long TOTAL_MEMORY = 80L << 30;
    long liveBytes;

    @Override
    public int[] functionAttributes(Function function) {
        inContext("functionAttributes");
        return new int[] {32, staticShared.getOrDefault(((EmuFunction) function).name(), 0), 0, 1024};
    }

    @Override
    public long[] memoryInfo() {
        inContext("memoryInfo");
        return new long[] {TOTAL_MEMORY - liveBytes, TOTAL_MEMORY};
    }

    @Override
    public int staticSharedBytes(Function function) {
        inContext("staticSharedBytes");
        return staticShared.getOrDefault(((EmuFunction) function).name(), 0);
    }

    private void notCapturing(String what) {
        inContext(what);
        if (recording != null) {
            throw new AssertionError("the runtime called the driver's " + what + " while capturing");
        }
    }

    @Override
    public String describe() {
        return "emulated CUDA device (host harness)";
    }

    @Override
    public int maxDynamicSharedBytes() {
        return maxShared;
    }

    @Override
    public Buffer alloc(long bytes) {
        notCapturing("alloc");
        allocations++;
        EmuBuffer b = new EmuBuffer(Math.toIntExact((bytes + 3) / 4));
        liveBytes += 4L * b.words.length;
        return b;
    }

    @Override
    public void free(Buffer buffer) {
        notCapturing("free");
        frees++;
        liveBytes -= 4L * ((EmuBuffer) buffer).words.length;
    }

    @Override
    public void copyToDevice(int[] src, Buffer dst) {
        notCapturing("copyToDevice");
        System.arraycopy(src, 0, ((EmuBuffer) dst).words, 0, src.length);
    }

    @Override
    public void copyToDevice(float[] src, Buffer dst) {
        notCapturing("copyToDevice");
        int[] w = ((EmuBuffer) dst).words;
        for (int i = 0; i < src.length; i++) {
            w[i] = Float.floatToRawIntBits(src[i]);
        }
    }

    @Override
    public void copyToHost(Buffer src, int[] dst) {
        notCapturing("copyToHost");
        System.arraycopy(((EmuBuffer) src).words, 0, dst, 0, dst.length);
    }

    @Override
    public void copyToHost(Buffer src, float[] dst) {
        notCapturing("copyToHost");
        int[] w = ((EmuBuffer) src).words;
        for (int i = 0; i < dst.length; i++) {
            dst[i] = Float.intBitsToFloat(w[i]);
        }
    }

    private void enqueue(Runnable step) {
        if (recording != null) {
            recording.add(step);
        } else {
            step.run();
        }
    }

    @Override
    public void copyOnDevice(Buffer src, Buffer dst, long bytes) {
        inContext("copyOnDevice");
        int[] s = ((EmuBuffer) src).words;
        int[] d = ((EmuBuffer) dst).words;
        int n = Math.toIntExact(bytes / 4);
        enqueue(() -> System.arraycopy(s, 0, d, 0, n));
    }

    @Override
    public Module loadModule(byte[] ptx) {
        notCapturing("loadModule");
        modulesLoaded++;
        String text = new String(ptx, StandardCharsets.US_ASCII);
        Matcher m = ENTRY.matcher(text);
        Set<String> names = new HashSet<>();
        List<int[]> starts = new ArrayList<>();
        List<String> order = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
            order.add(m.group(1));
            starts.add(new int[] {m.start()});
        }
        // static shared memory per entry: its .shared declarations, each aligned, as ptxas lays them out
        for (int i = 0; i < order.size(); i++) {
            int from = starts.get(i)[0];
            int to = i + 1 < order.size() ? starts.get(i + 1)[0] : text.length();
            Matcher sh = SHARED.matcher(text.substring(from, to));
            int bytes = 0;
            while (sh.find()) {
                int align = Integer.parseInt(sh.group(1));
                int size = Integer.parseInt(sh.group(3)) / 8 * (sh.group(4) == null ? 1 : Integer.parseInt(sh.group(4)));
                bytes = (bytes + align - 1) / align * align + size;
            }
            staticShared.put(order.get(i), bytes);
        }
        return new EmuModule(names);
    }

    int modulesLoaded;
    int modulesUnloaded;

    @Override
    public void unloadModule(Module module) {
        inContext("unloadModule");
        modulesUnloaded++;
    }

    @Override
    public Function function(Module module, String name) {
        inContext("function");
        return ((EmuModule) module).entries().contains(name) ? new EmuFunction(name) : null;
    }

    @Override
    public void allowDynamicShared(Function function, int bytes) {
        inContext("allowDynamicShared");
        String name = ((EmuFunction) function).name();
        int st = staticShared.getOrDefault(name, 0);
        if ((long) bytes + st > maxShared) {
            throw new CudaException(1, "cuFuncSetAttribute failed: CUDA_ERROR_INVALID_VALUE (" + name + ": " + bytes
                    + " dynamic + " + st + " static > " + maxShared + ")");
        }
        dynamicAllowed.put(name, bytes);
        log.add("allowDynamicShared " + name + " " + bytes);
    }

    @Override
    public void launch(Function function, LaunchShape shape, Object[] args) {
        inContext("launch");
        String name = ((EmuFunction) function).name();
        int st = staticShared.getOrDefault(name, 0);
        int allowed = dynamicAllowed.getOrDefault(name, DEFAULT_SHARED - st);
        if (shape.sharedBytes() > allowed) {
            throw new CudaException(1, "cuLaunchKernel failed: CUDA_ERROR_INVALID_VALUE (" + name + ": "
                    + shape.sharedBytes() + " dynamic shared bytes, " + allowed + " allowed)");
        }
        int dim = (Integer) args[0];
        Object[] cArgs = new Object[args.length - 1];
        for (int i = 1; i < args.length; i++) {
            cArgs[i - 1] = args[i] instanceof EmuBuffer b ? b.words : args[i];
        }
        enqueue(() -> harness.launch(name, dim, shape, cArgs));
        log.add("launch " + name);
        if (name.equals(faultingKernel)) {
            pendingFault = true;
        }
    }

    @Override
    public void beginCapture() {
        notCapturing("beginCapture");
        recording = new ArrayList<>();
    }

    @Override
    public Graph endCapture() {
        if (recording == null) {
            throw new AssertionError("endCapture without beginCapture");
        }
        EmuGraph g = new EmuGraph(List.copyOf(recording));
        recording = null;
        return g;
    }

    @Override
    public void abortCapture() {
        recording = null;
    }

    @Override
    public void launchGraph(Graph graph) {
        notCapturing("launchGraph");
        for (Runnable r : ((EmuGraph) graph).steps()) {
            r.run();
        }
    }

    @Override
    public void destroyGraph(Graph graph) {
        inContext("destroyGraph");
    }

    @Override
    public void synchronize() {
        notCapturing("synchronize");
        synchronizations++;
        if (pendingFault) {
            pendingFault = false;
            throw new CudaException(700, "cuStreamSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS");
        }
    }

    @Override
    public void close() {
        closed = true;
        if (!outOfContext.isEmpty()) {
            throw new AssertionError("driver calls outside the runtime's context: " + outOfContext);
        }
    }
}
