package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The diagnosis part of scripts/gpu-check.sh, run before the tests: the device, device memory
 * ({@code cuMemGetInfo}) before and after, and per kernel what the device compiled it to
 * (registers, static shared memory, local memory, the block limit); then bezier batches at the
 * shared-memory boundary configurations ({@code N_max} 700, and 702 with
 * {@code relax_sep_cache_slots} 8, whose relaxation needs static plus dynamic shared memory over
 * 48 KiB). With {@code --largest} it runs only the largest {@code N_max} (65536, where the
 * relaxation and the validity gate run without shared memory), meant for a JVM of its own.
 *
 * <p>Usage: {@code GpuReport <report.md> [--largest]}
 */
public final class GpuReport {
    private GpuReport() {
    }

    /**
     * Writes the report for one runtime.
     *
     * @param rt      the CUDA runtime (a GPU, or the emulated driver in tests)
     * @param largest run only the largest-N_max batch
     * @return the report, markdown
     */
    static String report(CudaRuntime rt, boolean largest) {
        StringBuilder b = new StringBuilder();
        b.append("device: ").append(rt.describe()).append("\n\n");
        b.append(memoryLine("memory before", rt.memory()));
        if (!largest) {
            b.append("\n| kernel | registers | static shared B | local B | max threads/block |\n|---|---|---|---|---|\n");
            for (Kernel k : Twins.allKernels()) {
                KernelResources r = rt.resources(k);
                if (r != null) {
                    b.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d |%n", r.kernel(), r.registers(),
                            r.staticSharedBytes(), r.localBytes(), r.maxThreadsPerBlock()));
                }
            }
            b.append('\n');
            b.append(batch(rt, 64, 700, -1));
            b.append(batch(rt, 64, 702, 8));
        } else {
            b.append(batch(rt, 8, 65536, -1));
        }
        b.append(memoryLine("memory after", rt.memory()));
        return b.toString();
    }

    private static String memoryLine(String what, DeviceMemory m) {
        return String.format(Locale.ROOT, "%s: %d MiB used of %d MiB (this runtime: %d MiB)%n", what, m.usedBytes() >> 20,
                m.totalBytes() >> 20, m.runtimeBytes() >> 20);
    }

    private static String batch(CudaRuntime rt, int envs, int nMax, int slots) {
        TrackGenConfig.Builder c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cuda")
                .nMax(nMax);
        if (slots >= 0) {
            c.set("relax_sep_cache_slots", Integer.toString(slots));
        }
        String what = "bezier E = " + envs + ", N_max = " + nMax + (slots >= 0 ? ", relax_sep_cache_slots = " + slots : "");
        long t0 = System.nanoTime();
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(c.build()).rng(PerEnvSeededRng.fromScalar(envs, 0))
                .runtime(rt).build()) {
            TrackSnapshot s = gen.generate().snapshot();
            gen.generate();
            int valid = 0;
            for (int v : s.valid()) {
                valid += v != 0 ? 1 : 0;
            }
            return String.format(Locale.ROOT, "%s: %d of %d valid, %.0f ms for two calls%n", what, valid, envs,
                    (System.nanoTime() - t0) / 1e6);
        } catch (RuntimeException e) {
            return what + ": FAILED: " + e + "\n";
        }
    }

    /**
     * @param args the report file, then optionally {@code --largest}
     * @throws IOException if the report cannot be written
     */
    public static void main(String[] args) throws IOException {
        boolean largest = args.length > 1 && args[1].equals("--largest");
        try (CudaRuntime rt = (CudaRuntime) RuntimeRegistry.discover().create("cuda", RuntimeOptions.defaults())) {
            String r = report(rt, largest);
            System.out.print(r);
            Files.writeString(Path.of(args[0]), r);
        }
    }
}
