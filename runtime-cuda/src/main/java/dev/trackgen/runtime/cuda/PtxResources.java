package dev.trackgen.runtime.cuda;

import dev.trackgen.api.kernel.ApiKernelIndex;
import dev.trackgen.api.runtime.Kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the PTX module named by {@link Kernel#cudaModule()} through the kernel class's own module
 * (named modules) or class loader (class path). Resource paths outside Java packages, such as
 * {@code trackgen-ptx/pipeline.ptx}, are readable across JPMS modules.
 */
final class PtxResources {
    private static final Pattern VERSION = Pattern.compile("^\\s*\\.version\\s+(\\d+)\\.(\\d+)", Pattern.MULTILINE);

    private PtxResources() {
    }

    /**
     * @param kernel a kernel
     * @return its PTX module's bytes, or {@code null} when it names none or the resource is absent
     */
    static byte[] read(Kernel kernel) {
        String path = kernel.cudaModule();
        if (path == null) {
            return null;
        }
        Class<?> owner = kernel.getClass();
        try {
            InputStream in = null;
            Module m = owner.getModule();
            if (m.isNamed()) {
                in = m.getResourceAsStream(path);
            }
            if (in == null) {
                ClassLoader cl = owner.getClassLoader();
                in = cl != null ? cl.getResourceAsStream(path) : ClassLoader.getSystemResourceAsStream(path);
            }
            if (in == null) {
                return null;
            }
            try (InputStream s = in) {
                return s.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /**
     * @return the api module's PTX (the probe's witness that the build packaged kernels), read
     *         through the first kernel of api's generated kernel index, or null
     */
    static byte[] apiModule() {
        return read(ApiKernelIndex.all().get(0));
    }

    /**
     * @param ptx a PTX image
     * @return the PTX ISA version, {@code {major, minor}}, or {@code null} if absent
     */
    static int[] isaVersion(byte[] ptx) {
        Matcher m = VERSION.matcher(new String(ptx, 0, Math.min(ptx.length, 4096),
                java.nio.charset.StandardCharsets.US_ASCII));
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : null;
    }

    /**
     * @param ptx a PTX image
     * @return the CUDA major version whose driver is needed to load it (ISA 9.x: CUDA 13, 8.x: 12)
     */
    static int requiredCudaMajor(byte[] ptx) {
        int[] v = isaVersion(ptx);
        return v == null ? 13 : v[0] + 4;
    }
}
