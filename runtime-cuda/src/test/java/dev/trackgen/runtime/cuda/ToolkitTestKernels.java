package dev.trackgen.runtime.cuda;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Java twins of the test-only CUDA bodies in {@code src/test/cuda/toolkit_test.cu}, declared like
 * every kernel (the test compile runs the kernel-declaration processor, so {@code toolkit_test.cu}
 * includes the generated {@code trackgen_runtime_cuda_test_kernels.h}).
 */
final class ToolkitTestKernels {
    static final String PTX = "trackgen-ptx/toolkit_test.ptx";

    private ToolkitTestKernels() {
    }

    /** {@code tg_test_rng}: CounterRng draws for (seeds[t], streams[t], indices[t]). */
    static final class Rng extends RngBase {
        static final Rng INSTANCE = new Rng();

        private Rng() {
        }

        @KernelSignature(ptx = PTX)
        interface Signature {
            void tg_test_rng(@In I32Array seeds, @In I32Array streams, @In I32Array indices, @Out I32Array bits,
                    @Out F32Array uniform, @Out F32Array ranged, @Out I32Array ints);
        }

        @Override
        protected void run(Args a, int begin, int end) {
            int[] seeds = a.seeds();
            int[] streams = a.streams();
            int[] indices = a.indices();
            int[] bits = a.bits();
            float[] uniform = a.uniform();
            float[] ranged = a.ranged();
            int[] ints = a.ints();
            for (int t = begin; t < end; t++) {
                bits[t] = CounterRng.bits(seeds[t], streams[t], indices[t]);
                uniform[t] = CounterRng.uniform(seeds[t], streams[t], indices[t]);
                ranged[t] = CounterRng.uniform(seeds[t], streams[t], indices[t], -2f, 3f);
                ints[t] = CounterRng.uniformInt(seeds[t], streams[t], indices[t], 3, 17);
            }
        }
    }

    /** {@code tg_test_geometry}: the Geometry helpers and Java min/max/int-cast semantics. */
    static final class GeometryTwin extends GeometryTwinBase {
        static final GeometryTwin INSTANCE = new GeometryTwin();

        private GeometryTwin() {
        }

        @KernelSignature(ptx = PTX)
        interface Signature {
            void tg_test_geometry(@In Vec2Array p, @Out F32Array out, @Out I32Array crossing);
        }

        @Override
        protected void run(Args a, int begin, int end) {
            float[] p = a.p();
            float[] out = a.out();
            int[] crossing = a.crossing();
            for (int t = begin; t < end; t++) {
                float ax = p[8 * t];
                float ay = p[8 * t + 1];
                float bx = p[8 * t + 2];
                float by = p[8 * t + 3];
                float cx = p[8 * t + 4];
                float cy = p[8 * t + 5];
                float dx = p[8 * t + 6];
                float dy = p[8 * t + 7];
                out[8 * t] = Geometry.length(bx - ax, by - ay);
                out[8 * t + 1] = Geometry.cross(ax, ay, bx, by);
                out[8 * t + 2] = Geometry.orient(ax, ay, bx, by, cx, cy);
                out[8 * t + 3] = Geometry.menger(ax, ay, bx, by, cx, cy);
                out[8 * t + 4] = Geometry.wrapAngle(ax);
                out[8 * t + 5] = Math.min(cx, dx);
                out[8 * t + 6] = Math.max(cy, dy);
                out[8 * t + 7] = (float) (int) (dx * 1.0e9f);
                crossing[t] = Geometry.properCrossing(ax, ay, bx, by, cx, cy, dx, dy) ? 1 : 0;
            }
        }
    }

    /** {@code tg_test_count_crossings}: Crossings.count of each polygon by one thread. */
    static final class CountCrossings extends CountCrossingsBase {
        static final CountCrossings INSTANCE = new CountCrossings();

        private CountCrossings() {
        }

        @KernelSignature(ptx = PTX)
        interface Signature {
            void tg_test_count_crossings(@In Vec2Array poly, int stride, @In I32Array count, @Out F32Array boxes,
                    int maxCount, @Out I32Array out);
        }

        @Override
        protected void run(Args a, int begin, int end) {
            float[] poly = a.poly();
            int stride = a.stride();
            int[] count = a.count();
            float[] boxes = a.boxes();
            int maxCount = a.maxCount();
            int[] out = a.out();
            for (int e = begin; e < end; e++) {
                out[e] = Crossings.count(poly, e * stride, count[e], boxes, e * Crossings.boxFloats(stride), maxCount);
            }
        }
    }
}
