package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.LaunchShape;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The CUDA C bodies compiled for the host with g++ and {@code trackgen_host_shim.h}, run in a
 * child process (a crash in a body cannot take the test JVM down) driven over stdin/stdout.
 *
 * <p>Built once per source state into {@code runtime-cuda/target/host-cuda/}: for every top-level
 * {@code .cu} file of the reactor ({@code *}/src/main/cuda, runtime-cuda/src/test/cuda) a generated
 * launcher file includes it, checks at compile time that each entry point's parameter types equal
 * those its Java twin declares (plus the leading {@code int dim}), and registers a launcher. Needs
 * g++ (C++20) on the PATH; nothing else.
 */
final class HostHarness implements AutoCloseable {
    private static final Pattern ENTRY = Pattern.compile(
            "extern\\s+\"C\"\\s+__global__\\s+void\\s+(?:TG_LAUNCH_BOUNDS\\([^)]*\\)\\s+)?(\\w+)\\s*\\(");
    private static HostHarness shared;

    private final Process process;
    private final OutputStream out;
    private final DataInputStream in;

    private HostHarness(Path binary) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(binary.toString());
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        this.process = pb.start();
        this.out = new BufferedOutputStream(process.getOutputStream(), 1 << 16);
        this.in = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16));
    }

    /** @return the reactor root (the parent of runtime-cuda) */
    static Path root() {
        Path here = Paths.get("").toAbsolutePath();
        return Files.isDirectory(here.resolve("runtime-cuda")) ? here : here.getParent();
    }

    /** @return every top-level .cu file: main bodies of every module and runtime-cuda's test bodies */
    static List<Path> sources() {
        Path root = root();
        try (Stream<Path> modules = Files.list(root)) {
            List<Path> dirs = new ArrayList<>();
            modules.filter(Files::isDirectory).sorted().forEach(m -> dirs.add(m.resolve("src/main/cuda")));
            dirs.add(root.resolve("runtime-cuda/src/test/cuda"));
            List<Path> out = new ArrayList<>();
            for (Path d : dirs) {
                if (Files.isDirectory(d)) {
                    try (Stream<Path> s = Files.list(d)) {
                        s.filter(p -> p.toString().endsWith(".cu")).sorted().forEach(out::add);
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @return every module's generated header folder ({@code target/classes/trackgen-cuda}, written
     *     by the kernel-declaration processor) whose module has CUDA C bodies, and the test classes'
     *     ({@code target/test-classes/trackgen-cuda}) of a module with test-only bodies
     */
    static List<Path> generatedHeaderDirs() {
        Path root = root();
        try (Stream<Path> modules = Files.list(root)) {
            List<Path> out = new ArrayList<>();
            for (Path m : modules.sorted().toList()) {
                if (Files.isDirectory(m.resolve("src/main/cuda"))) {
                    out.add(m.resolve("target/classes/trackgen-cuda"));
                }
                if (Files.isDirectory(m.resolve("src/test/cuda"))) {
                    out.add(m.resolve("target/test-classes/trackgen-cuda"));
                }
            }
            return out.stream().filter(Files::isDirectory).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return entry point names defined in a .cu file */
    static List<String> entryPoints(Path cu) {
        try {
            Matcher m = ENTRY.matcher(Files.readString(cu));
            List<String> names = new ArrayList<>();
            while (m.find()) {
                names.add(m.group(1));
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param kernels the Java twins of every entry point, each with a cudaModule
     * @return the shared harness, built and started on first use
     */
    static synchronized HostHarness get(List<Kernel> kernels) {
        if (shared == null) {
            try {
                shared = new HostHarness(build(kernels));
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException("cannot build the host harness: " + e, e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> shared.close()));
        }
        return shared;
    }

    private static String cType(KernelParam.Type t) {
        return switch (t) {
            case F32_ARRAY -> "float*";
            case I32_ARRAY -> "int*";
            case VEC2_ARRAY -> "float2*";
            case INT -> "int";
            case FLOAT -> "float";
        };
    }

    private static String cArg(KernelParam.Type t, int slot) {
        return switch (t) {
            case F32_ARRAY -> "L.p<float>(" + slot + ")";
            case I32_ARRAY -> "L.p<int>(" + slot + ")";
            case VEC2_ARRAY -> "L.p<float2>(" + slot + ")";
            case INT -> "L.i(" + slot + ")";
            case FLOAT -> "L.f(" + slot + ")";
        };
    }

    /** @return the launcher source for one .cu file and the Java twins of its entry points */
    static String launcherSource(Path cu, List<Kernel> kernels) {
        StringBuilder b = new StringBuilder("// generated by HostHarness from the Java twins; do not edit\n");
        b.append("#include \"").append(cu.toAbsolutePath()).append("\"\n#include \"harness.h\"\n\nnamespace {\n");
        for (Kernel k : kernels) {
            String n = k.name();
            List<String> types = new ArrayList<>();
            types.add("int");
            List<String> args = new ArrayList<>();
            args.add("L.dim");
            for (int i = 0; i < k.params().size(); i++) {
                KernelParam p = k.params().get(i);
                types.add(cType(p.type()));
                args.add(cArg(p.type(), i));
            }
            String expected = k.params().stream().map(p -> cType(p.type()) + " " + p.name())
                    .collect(Collectors.joining(", ", "(int dim, ", ")"));
            b.append("static_assert(std::is_same_v<tgh::signature<decltype(&").append(n).append(")>::type, std::tuple<")
                    .append(String.join(", ", types)).append(">>,\n    \"").append(n)
                    .append(": the CUDA parameters differ from the Java twin's ").append(expected).append("\");\n");
            b.append("void launch_").append(n).append("(const Launch& L) {\n    tgh::run_grid(\"").append(n)
                    .append("\", L.grid, L.block, L.shared, L.cooperative, [&] { ").append(n).append('(')
                    .append(String.join(", ", args)).append("); });\n}\n");
            b.append("tgh::Register reg_").append(n).append("(\"").append(n).append("\", launch_").append(n)
                    .append(");\n\n");
        }
        return b.append("}  // namespace\n").toString();
    }

    private static Path build(List<Kernel> kernels) throws IOException, InterruptedException {
        Path root = root();
        Path dir = root.resolve("runtime-cuda/target/host-cuda");
        Files.createDirectories(dir);
        Map<String, List<Kernel>> byModule = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            String module = k.cudaModule();
            String base = module.substring(module.lastIndexOf('/') + 1).replaceFirst("\\.ptx$", "");
            byModule.computeIfAbsent(base, x -> new ArrayList<>()).add(k);
        }
        List<Path> units = new ArrayList<>();
        units.add(root.resolve("runtime-cuda/src/test/cpp/harness.cpp"));
        MessageDigest sha = sha256();
        for (Path cu : sources()) {
            String base = cu.getFileName().toString().replaceFirst("\\.cu$", "");
            List<Kernel> twins = byModule.getOrDefault(base, List.of());
            String src = launcherSource(cu, twins);
            Path unit = dir.resolve("launch_" + base + ".cpp");
            if (!Files.exists(unit) || !Files.readString(unit).equals(src)) {
                Files.writeString(unit, src);
            }
            units.add(unit);
            sha.update(Files.readAllBytes(cu));
        }
        for (Path h : List.of(root.resolve("api/src/main/cuda/trackgen_kernel.cuh"),
                root.resolve("api/src/main/cuda/trackgen_host_shim.h"),
                root.resolve("runtime-cuda/src/test/cpp/harness.h"))) {
            sha.update(Files.readAllBytes(h));
        }
        for (Path u : units) {
            sha.update(Files.readAllBytes(u));
        }
        List<String> flags = new ArrayList<>(List.of("-std=c++20", "-O2", "-ffp-contract=off", "-fno-fast-math",
                "-Wall", "-Wno-unused-function", "-I", root.resolve("api/src/main/cuda").toString(), "-I",
                root.resolve("runtime-cuda/src/test/cpp").toString()));
        for (Path generated : generatedHeaderDirs()) {
            flags.add("-I");
            flags.add(generated.toString());
            try (Stream<Path> hs = Files.list(generated)) {
                for (Path h : hs.filter(x -> x.toString().endsWith(".h")).sorted().toList()) {
                    sha.update(Files.readAllBytes(h));
                }
            }
        }
        sha.update(String.join(" ", flags).getBytes(StandardCharsets.UTF_8));
        String key = HexFormat.of().formatHex(sha.digest());
        Path binary = dir.resolve("tg-harness");
        Path stamp = dir.resolve("tg-harness.sha256");
        if (Files.isExecutable(binary) && Files.exists(stamp) && Files.readString(stamp).equals(key)) {
            return binary;
        }
        List<Process> jobs = new ArrayList<>();
        List<Path> objects = new ArrayList<>();
        for (Path u : units) {
            Path obj = dir.resolve(u.getFileName().toString().replaceFirst("\\.cpp$", ".o"));
            objects.add(obj);
            List<String> cmd = new ArrayList<>(List.of("g++", "-c"));
            cmd.addAll(flags);
            cmd.addAll(List.of("-o", obj.toString(), u.toString()));
            jobs.add(start(cmd, dir.resolve(obj.getFileName() + ".log")));
            if (jobs.size() == 2) {
                waitAll(jobs);
            }
        }
        waitAll(jobs);
        List<String> link = new ArrayList<>(List.of("g++", "-o", binary.toString()));
        objects.forEach(o -> link.add(o.toString()));
        link.add("-pthread");
        jobs.add(start(link, dir.resolve("link.log")));
        waitAll(jobs);
        Files.writeString(stamp, key);
        return binary;
    }

    private static Process start(List<String> cmd, Path log) throws IOException {
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new IOException("cannot run g++ (the host build of the CUDA C bodies needs g++ with C++20 on the "
                    + "PATH): " + e.getMessage(), e);
        }
    }

    private static void waitAll(List<Process> jobs) throws InterruptedException, IOException {
        List<String> errors = new ArrayList<>();
        for (Process p : jobs) {
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                List<String> cmd = p.info().arguments().map(List::of).orElse(List.of());
                errors.add(String.join(" ", cmd));
            }
        }
        jobs.clear();
        if (!errors.isEmpty()) {
            StringBuilder b = new StringBuilder("g++ failed on the CUDA C bodies:\n");
            try (Stream<Path> logs = Files.list(root().resolve("runtime-cuda/target/host-cuda"))) {
                for (Path l : logs.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                    String text = Files.readString(l);
                    if (!text.isBlank()) {
                        b.append("--- ").append(l.getFileName()).append('\n').append(text);
                    }
                }
            }
            throw new IOException(b.toString());
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void writeInt(ByteBuffer b, int v) {
        b.putInt(v);
    }

    private void send(ByteBuffer b) throws IOException {
        out.write(b.array(), 0, b.position());
    }

    private int readInt() throws IOException {
        int v = in.readInt();
        return Integer.reverseBytes(v);
    }

    private void readWords(int[] dst) throws IOException {
        byte[] bytes = new byte[4 * dst.length];
        in.readFully(bytes);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(dst);
    }

    private String readError(int status) throws IOException {
        int len = readInt();
        byte[] msg = new byte[len];
        in.readFully(msg);
        return "host harness error " + status + ": " + new String(msg, StandardCharsets.UTF_8);
    }

    private void checkAlive() {
        if (!process.isAlive()) {
            throw new IllegalStateException("the host harness died (exit " + process.exitValue()
                    + "); see the test output for its message");
        }
    }

    /**
     * Runs a CUDA C body on the host.
     *
     * @param name  entry point
     * @param dim   launch dimension
     * @param shape launch shape
     * @param args  per Java parameter: an {@code int[]} of raw 32-bit words for arrays (the same
     *              {@code int[]} twice means aliasing; results are written back into it), an
     *              {@link Integer} or a {@link Float}
     */
    synchronized void launch(String name, int dim, LaunchShape shape, Object[] args) {
        checkAlive();
        Map<int[], Integer> ids = new IdentityHashMap<>();
        List<int[]> arrays = new ArrayList<>();
        long bytes = 64 + name.length() + 8L * args.length;
        for (Object a : args) {
            if (a instanceof int[] w && !ids.containsKey(w)) {
                ids.put(w, arrays.size());
                arrays.add(w);
                bytes += 4 + 4L * w.length;
            }
        }
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN);
        byte[] nb = name.getBytes(StandardCharsets.US_ASCII);
        writeInt(b, 1);
        writeInt(b, nb.length);
        b.put(nb);
        for (int i = nb.length; i % 4 != 0; i++) {
            b.put((byte) 0);
        }
        writeInt(b, dim);
        writeInt(b, shape.gridX());
        writeInt(b, shape.blockX());
        writeInt(b, shape.sharedBytes());
        writeInt(b, shape.cooperative() ? 1 : 0);
        writeInt(b, arrays.size());
        for (int[] w : arrays) {
            writeInt(b, w.length);
            b.asIntBuffer().put(w);
            b.position(b.position() + 4 * w.length);
        }
        writeInt(b, args.length);
        for (Object a : args) {
            if (a instanceof int[] w) {
                writeInt(b, 0);
                writeInt(b, ids.get(w));
            } else if (a instanceof Integer v) {
                writeInt(b, 1);
                writeInt(b, v);
            } else if (a instanceof Float v) {
                writeInt(b, 2);
                writeInt(b, Float.floatToRawIntBits(v));
            } else {
                throw new IllegalArgumentException("argument " + a);
            }
        }
        try {
            send(b);
            out.flush();
            int status = readInt();
            if (status != 0) {
                throw new IllegalStateException(readError(status));
            }
            for (int[] w : arrays) {
                readWords(w);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("host harness I/O failed running " + name + " (did it crash?)", e);
        }
    }

    /** @return null when the C Philox/CounterRng self-test passes, else its message */
    synchronized String selfTest() {
        checkAlive();
        try {
            ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            writeInt(b, 2);
            send(b);
            out.flush();
            int status = readInt();
            return status == 0 ? null : readError(status);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return names of the entry points the harness can run */
    synchronized List<String> kernels() {
        checkAlive();
        try {
            ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            writeInt(b, 3);
            send(b);
            out.flush();
            int status = readInt();
            if (status != 0) {
                throw new IllegalStateException(readError(status));
            }
            int n = readInt();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                byte[] s = new byte[readInt()];
                in.readFully(s);
                names.add(new String(s, StandardCharsets.US_ASCII));
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (process.isAlive()) {
                ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
                writeInt(b, 4);
                send(b);
                out.flush();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException | InterruptedException e) {
            // exiting anyway
        } finally {
            process.destroy();
        }
    }
}
