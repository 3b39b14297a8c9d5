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
    private static final AtomicLong NEXT_ADDRESS = new AtomicLong(0x7f0000000000L);

    private final HostHarness harness;
    private final int maxShared;
    private List<Runnable> recording;
    final List<String> log = new ArrayList<>();
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

    private void notCapturing(String what) {
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
        return new EmuBuffer(Math.toIntExact((bytes + 3) / 4));
    }

    @Override
    public void free(Buffer buffer) {
        notCapturing("free");
        frees++;
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
        int[] s = ((EmuBuffer) src).words;
        int[] d = ((EmuBuffer) dst).words;
        int n = Math.toIntExact(bytes / 4);
        enqueue(() -> System.arraycopy(s, 0, d, 0, n));
    }

    @Override
    public Module loadModule(byte[] ptx) {
        notCapturing("loadModule");
        Matcher m = ENTRY.matcher(new String(ptx, StandardCharsets.US_ASCII));
        Set<String> names = new HashSet<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return new EmuModule(names);
    }

    @Override
    public Function function(Module module, String name) {
        return ((EmuModule) module).entries().contains(name) ? new EmuFunction(name) : null;
    }

    @Override
    public void allowDynamicShared(Function function, int bytes) {
        log.add("allowDynamicShared " + ((EmuFunction) function).name() + " " + bytes);
    }

    @Override
    public void launch(Function function, LaunchShape shape, Object[] args) {
        String name = ((EmuFunction) function).name();
        int dim = (Integer) args[0];
        Object[] cArgs = new Object[args.length - 1];
        for (int i = 1; i < args.length; i++) {
            cArgs[i - 1] = args[i] instanceof EmuBuffer b ? b.words : args[i];
        }
        enqueue(() -> harness.launch(name, dim, shape, cArgs));
        log.add("launch " + name);
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
    }

    @Override
    public void synchronize() {
        notCapturing("synchronize");
        synchronizations++;
    }

    @Override
    public void close() {
        closed = true;
    }
}
