package dev.trackgen.runtime.cuda;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.kernel.ApiKernelIndex;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.course.kernel.CourseKernelIndex;
import dev.trackgen.gates.kernel.GatesKernelIndex;
import dev.trackgen.pipeline.PipelineKernelIndex;
import dev.trackgen.registry.GeneratorRegistry;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a kernel's Java body and its CUDA C body (on the host harness or a GPU) on the same inputs
 * and compares every array argument afterwards, element by element: bit for bit, NaN equal to
 * NaN, except where a kernel computes with transcendental functions (ulp tolerance).
 */
final class Twins {
    /** Everything a CUDA C body runner needs: raw words for arrays, boxed scalars. */
    interface BodyRunner {
        void run(Kernel kernel, int dim, LaunchShape shape, Object[] args);

        /** @return whether the bodies run on a GPU (libdevice's transcendental functions), not the host harness */
        default boolean onGpu() {
            return true;
        }
    }

    private Twins() {
    }

    /** @return every kernel with a CUDA body: api, generators (found as services), pipeline, test kernels */
    static List<Kernel> allKernels() {
        List<Kernel> out = new ArrayList<>(ApiKernelIndex.all());
        GeneratorRegistry generators = GeneratorRegistry.discover();
        for (String name : generators.available()) {
            CenterlineGenerator g = generators.get(name);
            for (Kernel k : g.kernels()) {
                if (k.cudaModule() != null && !out.contains(k)) {
                    out.add(k);
                }
            }
        }
        out.addAll(PipelineKernelIndex.all());
        out.addAll(CourseKernelIndex.all());
        out.addAll(GatesKernelIndex.all());
        out.addAll(RuntimeCudaTestKernelIndex.all());
        return out;
    }

    static HostHarness harness() {
        return HostHarness.get(allKernels());
    }

    /** The host harness as a body runner. */
    static BodyRunner hostRunner() {
        HostHarness h = harness();
        return new BodyRunner() {
            @Override
            public void run(Kernel k, int dim, LaunchShape shape, Object[] args) {
                h.launch(k.name(), dim, shape, args);
            }

            @Override
            public boolean onGpu() {
                return false;
            }
        };
    }

    static int[] words(DeviceArray a) {
        if (a instanceof HostF32Array f) {
            return toWords(f.data());
        }
        if (a instanceof HostVec2Array v) {
            return toWords(v.data());
        }
        return ((HostI32Array) a).data().clone();
    }

    static int[] toWords(float[] f) {
        int[] w = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            w[i] = Float.floatToRawIntBits(f[i]);
        }
        return w;
    }

    /**
     * Ulps allowed per kernel for float outputs (0: bit for bit).
     *
     * @param onGpu whether the C body ran on a GPU (libdevice) rather than the host harness (glibc)
     */
    /**
     * Ulps allowed for float outputs that went through a device's transcendental functions
     * ({@code cosf}, {@code sinf}, {@code atan2f}) on a GPU: the most any kernel gets in
     * {@link #ulpsAllowed}; end-to-end comparisons on a GPU (the course) use it for every float.
     */
    static final int GPU_TRANSCENDENTAL_ULPS = 64;

    static int ulpsAllowed(Kernel k, boolean onGpu) {
        return switch (k.name()) {
            // atan2/sin/cos in double, rounded to float: host libm or CUDA vs Java can differ by an ulp
            case "tg_test_geometry", "tg_corner_sort" -> 1;
            // the same, then scaled or offset by one float operation; glibc agrees with Java on all the
            // values the host tests produce, so there they are held to bit equality
            case "tg_polar_knots", "tg_voronoi_sites", "tg_checkpoint_sample", "tg_rep_circle", "tg_rep_obstacles" ->
                    onGpu ? 2 : 0;
            // a box's heading goes through cos/sin, a prop's yaw through atan2: an ulp of those moves
            // corners, clearances and normals by a few ulps on a GPU
            case "tg_offroad_segments", "tg_offroad_sdf", "tg_box_discs", "tg_props_place" ->
                    onGpu ? GPU_TRANSCENDENTAL_ULPS : 0;
            // the noise altitude profile's sin (StrictMath in Java, libm or libdevice in C), scaled by
            // the amplitude and offset by z_base
            case "tg_gate_altitude" -> onGpu ? GPU_TRANSCENDENTAL_ULPS : 4;
            default -> 0;
        };
    }

    /**
     * Parameters that are scratch the two bodies leave differently: the fused relaxation's Java body
     * keeps its working state in per-worker buffers and never writes its global scratch arrays, and
     * its C body writes them only when shared memory cannot hold a track.
     */
    static java.util.Set<Integer> scratch(Kernel k, LaunchShape shape) {
        if (!k.name().equals("tg_xpbd_relax")) {
            return java.util.Set.of();
        }
        java.util.Set<String> names = java.util.Set.of("bufB", "bufC", "edgeLen", "edgeFactor", "cacheCount",
                "cacheIdx", "boxes");
        java.util.Set<Integer> out = new java.util.HashSet<>();
        for (int i = 0; i < k.params().size(); i++) {
            if (names.contains(k.params().get(i).name())) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * Runs both bodies; the Java body's results stay in the host arrays.
     *
     * @param shape the launch shape for the C body (normally the kernel's own)
     * @return mismatch descriptions (empty when every array agrees)
     */
    static List<String> runBoth(Kernel k, int dim, KernelArgs args, LaunchShape shape, BodyRunner runner,
                                int maxReports) {
        Map<DeviceArray, int[]> copies = new IdentityHashMap<>();
        Object[] cArgs = new Object[args.size()];
        for (int i = 0; i < args.size(); i++) {
            KernelParam.Type t = args.type(i);
            if (t.isArray()) {
                cArgs[i] = copies.computeIfAbsent(args.array(i), Twins::words);
            } else if (t == KernelParam.Type.INT) {
                cArgs[i] = args.intValue(i);
            } else {
                cArgs[i] = args.floatValue(i);
            }
        }
        k.run(args, 0, dim);
        if (dim > 0) {
            runner.run(k, dim, shape, cArgs);
        }
        List<String> bad = new ArrayList<>();
        Map<DeviceArray, Boolean> seen = new IdentityHashMap<>();
        for (int i = 0; i < args.size() && bad.size() < maxReports; i++) {
            if (!args.type(i).isArray() || scratch(k, shape).contains(i) || seen.put(args.array(i), true) != null) {
                continue;
            }
            int[] java = words(args.array(i));
            int[] c = copies.get(args.array(i));
            boolean isFloat = args.type(i) != KernelParam.Type.I32_ARRAY;
            for (int j = 0; j < java.length && bad.size() < maxReports; j++) {
                if (!same(java[j], c[j], isFloat, ulpsAllowed(k, runner.onGpu()))) {
                    bad.add(k.name() + " " + k.params().get(i).name() + "[" + j + "]: java "
                            + show(java[j], isFloat) + " vs cuda " + show(c[j], isFloat) + " (dim " + dim + ")");
                }
            }
        }
        return bad;
    }

    static boolean same(int a, int b, boolean isFloat, int ulps) {
        if (a == b) {
            return true;
        }
        if (!isFloat) {
            return false;
        }
        float fa = Float.intBitsToFloat(a);
        float fb = Float.intBitsToFloat(b);
        if (Float.isNaN(fa) && Float.isNaN(fb)) {
            return true;
        }
        if (ulps == 0 || Float.isNaN(fa) || Float.isNaN(fb)) {
            return false;
        }
        return Math.abs(fa - fb) <= ulps * Math.max(Math.ulp(fa), Math.ulp(fb));
    }

    private static String show(int w, boolean isFloat) {
        return isFloat ? Float.intBitsToFloat(w) + " (0x" + Integer.toHexString(w) + ")" : Integer.toString(w);
    }
}
