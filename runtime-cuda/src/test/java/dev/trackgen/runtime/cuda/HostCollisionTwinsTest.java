package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.course.kernel.BoxDiscsKernel;
import dev.trackgen.course.kernel.OffRoadSdfKernel;
import dev.trackgen.course.kernel.OffRoadSegmentsKernel;
import dev.trackgen.course.kernel.SdfBakeKernel;
import dev.trackgen.course.kernel.PropsKernel;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The course module's CUDA C bodies (collision, props), compiled for the host with g++, against
 * their Java twins on real tracks: boxes on, across and off the road, NaN boxes, a degenerate
 * track, NaN disc slots.
 */
class HostCollisionTwinsTest {
    private static final int ENVS = 12;
    private static final int BOXES = 24;

    private static TrackSnapshot batch() {
        TrackGenConfig c = TrackGenConfig.builder().generator("polar").numEnvs(ENVS).runtime("cpu").build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator g = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(ENVS, 4)).runtime(rt).build()) {
            TrackSnapshot s = g.generate().snapshot();
            s.count()[ENVS - 1] = 2; // a degenerate track
            return s;
        }
    }

    private static HostVec2Array vec2(float[] data) {
        HostVec2Array a = new HostVec2Array(data.length / 2);
        System.arraycopy(data, 0, a.data(), 0, data.length);
        return a;
    }

    private static HostF32Array f32(float[] data) {
        HostF32Array a = new HostF32Array(data.length);
        System.arraycopy(data, 0, a.data(), 0, data.length);
        return a;
    }

    private static HostI32Array i32(int[] data) {
        HostI32Array a = new HostI32Array(data.length);
        System.arraycopy(data, 0, a.data(), 0, data.length);
        return a;
    }

    private record Box(HostVec2Array pos, HostF32Array head, HostVec2Array he) {
    }

    /** Boxes near the centerline (some straddling), a few anywhere, a few NaN. */
    private static Box boxes(TrackSnapshot s) {
        Random r = new Random(8);
        int n = ENVS * BOXES;
        HostVec2Array pos = new HostVec2Array(n);
        HostF32Array head = new HostF32Array(n);
        HostVec2Array he = new HostVec2Array(n);
        for (int t = 0; t < n; t++) {
            int e = t / BOXES;
            int m = Math.max(s.count()[e], 1);
            int k = 2 * (e * s.nMax() + r.nextInt(m));
            double u = (r.nextDouble() * 3.4 - 1.7) * 0.1;
            pos.data()[2 * t] = s.center()[k] + (float) (u * s.normal()[k]) + (r.nextInt(9) == 0 ? 0.5f : 0f);
            pos.data()[2 * t + 1] = s.center()[k + 1] + (float) (u * s.normal()[k + 1]);
            head.data()[t] = (float) (r.nextDouble() * 7 - 3.5);
            he.data()[2 * t] = 0.01f + 0.04f * r.nextFloat();
            he.data()[2 * t + 1] = 0.005f + 0.02f * r.nextFloat();
            if (t % 31 == 5) {
                pos.data()[2 * t] = Float.NaN;
            }
            if (t % 37 == 6) {
                head.data()[t] = Float.POSITIVE_INFINITY;
            }
        }
        return new Box(pos, head, he);
    }

    private static void assertTwins(Kernel k, int dim, KernelArgs a, Twins.BodyRunner runner) {
        List<String> bad = Twins.runBoth(k, dim, a, k.cudaLaunchShape(dim, a), runner, 20);
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }

    @Test
    void offRoadSegmentsMatchesJava() {
        offRoadSegments(Twins.hostRunner());
    }

    @Test
    void sdfBakeAndQueryMatchJava() {
        sdf(Twins.hostRunner());
    }

    @Test
    void propsAndDiscsMatchJava() {
        propsAndDiscs(Twins.hostRunner());
    }

    /** The segments kernel on both bodies (also run on a GPU by {@link CudaCourseGpuTest}). */
    static void offRoadSegments(Twins.BodyRunner runner) {
        TrackSnapshot s = batch();
        Box b = boxes(s);
        int n = ENVS * BOXES;
        KernelArgs a = OffRoadSegmentsKernel.INSTANCE.args().inner(vec2(s.inner())).outer(vec2(s.outer()))
                .center(vec2(s.center())).count(i32(s.count())).nMax(s.nMax()).boxesPerEnv(BOXES).position(b.pos())
                .heading(b.head()).halfExtents(b.he()).offRoad(new HostI32Array(n)).clearance(new HostF32Array(n))
                .nearest(new HostVec2Array(n)).normal(new HostVec2Array(n)).border(new HostI32Array(n));
        assertTwins(OffRoadSegmentsKernel.INSTANCE, ENVS * BOXES, a, runner);
    }

    /**
     * The SDF bake and query kernels on both bodies, three sizings: a fixed grid stretched over
     * each bounding box (8, target cell 0), a road-following cell that fits (33 cells of 0.5), and
     * one too fine for the tracks, whose cells must grow to fit (90 cells of 0.01).
     */
    static void sdf(Twins.BodyRunner runner) {
        TrackSnapshot s = batch();
        for (int res : new int[] {8, 33, 90}) {
            HostF32Array bounds = new HostF32Array(3 * ENVS);
            HostF32Array phi = new HostF32Array(ENVS * res * res);
            HostI32Array bid = new HostI32Array(ENVS * SdfBakeKernel.words(res));
            KernelArgs bake = SdfBakeKernel.INSTANCE.args().inner(vec2(s.inner())).outer(vec2(s.outer()))
                    .count(i32(s.count())).nMax(s.nMax()).res(res).padding(res == 8 ? 0.05f : res == 90 ? 0.2f : 0f)
                    .cell(res == 90 ? 0.01f : res == 33 ? 0.5f : 0f).bounds(bounds)
                    .phi(phi).bid(bid);
            assertTwins(SdfBakeKernel.INSTANCE, ENVS, bake, runner);
            Box b = boxes(s);
            int n = ENVS * BOXES;
            KernelArgs q = OffRoadSdfKernel.INSTANCE.args().bounds(bounds).phi(phi).bid(bid).res(res).boxesPerEnv(BOXES)
                    .position(b.pos()).heading(b.head()).halfExtents(b.he()).offRoad(new HostI32Array(n))
                    .clearance(new HostF32Array(n)).nearest(new HostVec2Array(n)).normal(new HostVec2Array(n))
                    .border(new HostI32Array(n));
            assertTwins(OffRoadSdfKernel.INSTANCE, ENVS * BOXES, q, runner);
        }
    }

    /** The props and discs kernels on both bodies. */
    static void propsAndDiscs(Twins.BodyRunner runner) {
        TrackSnapshot s = batch();
        for (float spacing : new float[] {0.05f, 0.4f, 5f}) {
            int m = 64;
            int slots = 2 * ENVS * m;
            HostVec2Array cones = new HostVec2Array(slots);
            KernelArgs p = PropsKernel.INSTANCE.args().inner(vec2(s.inner())).outer(vec2(s.outer()))
                    .innerZ(f32(s.innerZ())).outerZ(f32(s.outerZ())).count(i32(s.count())).nMax(s.nMax()).spacing(spacing).maxProps(m).conePosition(cones)
                    .coneYaw(new HostF32Array(slots)).wallCenter(new HostVec2Array(slots))
                    .wallYaw(new HostF32Array(slots)).wallLength(new HostF32Array(slots))
                    .propCount(new HostI32Array(2 * ENVS)).truncated(new HostI32Array(2 * ENVS))
                    .step(new HostF32Array(2 * ENVS)).coneZ(new HostF32Array(slots)).wallZ(new HostF32Array(slots));
            assertTwins(PropsKernel.INSTANCE, 2 * ENVS, p, runner);
            Box b = boxes(s);
            int n = ENVS * BOXES;
            KernelArgs d = BoxDiscsKernel.INSTANCE.args().discs(cones).discsPerEnv(2 * m).radius(0.03f)
                    .boxesPerEnv(BOXES).position(b.pos()).heading(b.head()).halfExtents(b.he())
                    .hit(new HostI32Array(n)).disc(new HostI32Array(n)).depth(new HostF32Array(n))
                    .normal(new HostVec2Array(n));
            assertTwins(BoxDiscsKernel.INSTANCE, n, d, runner);
        }
    }
}
