package dev.trackgen.runtime.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

/**
 * Loads JCuda's driver-API binding once, never letting a missing driver take the JVM down: a
 * machine without {@code libcuda.so.1} gets an {@link UnsatisfiedLinkError}, caught here and
 * turned into a one-line reason.
 *
 * <p>JCuda extracts its native library from {@code lib/} of the {@code jcuda-natives} jar with
 * {@code Class.getResourceAsStream} of its own class, which on the module path cannot see into
 * another module. So the library is first copied, when missing, to the file JCuda looks for
 * ({@code java.io.tmpdir/libJCudaDriver-<version>-<os>-<arch>.so}); JCuda then loads that file.
 */
final class JCudaNatives {
    private static final String LIBRARY = "libJCudaDriver-12.0.0-linux-x86_64.so";

    private static volatile String failure;
    private static volatile boolean loaded;

    private JCudaNatives() {
    }

    /**
     * @return {@code null} once the binding is loaded, else a one-line reason why it cannot be
     */
    static synchronized String load() {
        if (loaded) {
            return null;
        }
        if (failure != null) {
            return failure;
        }
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            failure = "the CUDA runtime is packaged for linux-x86_64 only (this is " + os + "-" + arch + ")";
            return failure;
        }
        try {
            preExtract();
            jcuda.driver.JCudaDriver.setExceptionsEnabled(false);
            loaded = true;
            return null;
        } catch (Throwable t) {
            failure = reasonFor(t);
            return failure;
        }
    }

    static String reasonFor(Throwable t) {
        String all = messages(t);
        if (all.contains("libcuda.so")) {
            return "no NVIDIA driver: libcuda.so.1 could not be loaded";
        }
        String first = all.lines().findFirst().orElse(t.getClass().getSimpleName()).trim();
        return "JCuda's native driver binding could not be loaded: " + first;
    }

    private static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c).append('\n');
        }
        return b.toString();
    }

    /** Copies the native library to where JCuda's loader looks first for an extracted copy. */
    private static void preExtract() {
        Path target = Paths.get(System.getProperty("java.io.tmpdir"), LIBRARY);
        if (Files.isRegularFile(target)) {
            return;
        }
        InputStream in = null;
        try {
            Module natives = ModuleLayer.boot().findModule("jcuda.natives").orElse(null);
            if (natives != null) {
                in = natives.getResourceAsStream("lib/" + LIBRARY);
            }
            if (in == null) {
                ClassLoader cl = JCudaNatives.class.getClassLoader();
                in = cl != null ? cl.getResourceAsStream("lib/" + LIBRARY) : null;
            }
            if (in == null) {
                return; // leave it to JCuda, which reports what it could not find
            }
            Path tmp = Files.createTempFile(target.getParent(), "trackgen-jcuda", ".tmp");
            try (InputStream s = in) {
                Files.copy(s, tmp, StandardCopyOption.REPLACE_EXISTING);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            // leave it to JCuda's own extraction
        }
    }
}
