package dev.trackgen.runtime.cuda;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;

/** Java twins of the test-only CUDA bodies in {@code src/test/cuda/toolkit_test.cu}. */
final class ToolkitTestKernels {
    static final String PTX = "trackgen-ptx/toolkit_test.ptx";

    private ToolkitTestKernels() {
    }

    /** {@code tg_test_rng}: CounterRng draws for (seeds[t], streams[t], indices[t]). */
    static final class Rng extends AbstractKernel {
        static final Rng INSTANCE = new Rng();

        private Rng() {
            super("tg_test_rng", PTX, KernelParam.i32("seeds"), KernelParam.i32("streams"), KernelParam.i32("indices"),
                    KernelParam.i32("bits"), KernelParam.f32("uniform"), KernelParam.f32("ranged"),
                    KernelParam.i32("ints"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
            int[] seeds = a.i32(0);
            int[] streams = a.i32(1);
            int[] indices = a.i32(2);
            for (int t = begin; t < end; t++) {
                a.i32(3)[t] = CounterRng.bits(seeds[t], streams[t], indices[t]);
                a.f32(4)[t] = CounterRng.uniform(seeds[t], streams[t], indices[t]);
                a.f32(5)[t] = CounterRng.uniform(seeds[t], streams[t], indices[t], -2f, 3f);
                a.i32(6)[t] = CounterRng.uniformInt(seeds[t], streams[t], indices[t], 3, 17);
            }
        }
    }

    /** {@code tg_test_geometry}: the Geometry helpers and Java min/max/int-cast semantics. */
    static final class GeometryTwin extends AbstractKernel {
        static final GeometryTwin INSTANCE = new GeometryTwin();

        private GeometryTwin() {
            super("tg_test_geometry", PTX, KernelParam.vec2("p"), KernelParam.f32("out"), KernelParam.i32("crossing"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
            float[] p = a.vec2(0);
            float[] out = a.f32(1);
            int[] crossing = a.i32(2);
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
    static final class CountCrossings extends AbstractKernel {
        static final CountCrossings INSTANCE = new CountCrossings();

        private CountCrossings() {
            super("tg_test_count_crossings", PTX, KernelParam.vec2("poly"), KernelParam.intValue("stride"),
                    KernelParam.i32("count"), KernelParam.f32("boxes"), KernelParam.intValue("maxCount"),
                    KernelParam.i32("out"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
            int stride = a.intValue(1);
            for (int e = begin; e < end; e++) {
                a.i32(5)[e] = Crossings.count(a.vec2(0), e * stride, a.i32(2)[e], a.f32(3),
                        e * Crossings.boxFloats(stride), a.intValue(4));
            }
        }
    }
}
