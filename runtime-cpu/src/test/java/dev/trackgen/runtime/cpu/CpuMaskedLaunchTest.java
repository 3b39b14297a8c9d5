package dev.trackgen.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.Vec2Array;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Masked launches and copies on the CPU runtime: exactly the selected envs' indices run, once
 * each, eagerly, recorded and replayed with flags rewritten after the capture, on every thread count.
 */
class CpuMaskedLaunchTest {
    private static final int ENVS = 37;
    private static final int PER = 5;

    private final CpuRuntime rt = new CpuRuntime(4, false);

    @AfterEach
    void close() {
        rt.close();
    }

    private static int[] randomFlags(Random r, double p) {
        int[] f = new int[ENVS];
        for (int e = 0; e < ENVS; e++) {
            f[e] = r.nextDouble() < p ? 1 + r.nextInt(3) : 0;
        }
        return f;
    }

    /** What one Affine launch (out[t] += t * scale) over the selected envs does to {@code before}. */
    private static float[] expected(float[] before, int[] flags, float scale) {
        float[] out = before.clone();
        for (int t = 0; t < out.length; t++) {
            if (flags[t / PER] != 0) {
                out[t] += t * scale;
            }
        }
        return out;
    }

    private float[] read(F32Array a) {
        float[] out = new float[a.length()];
        rt.download(a, out);
        return out;
    }

    @Test
    void eagerMaskedLaunchRunsEachSelectedIndexOnceAndNothingElse() {
        Random r = new Random(1);
        for (int threads : new int[] {1, 2, 4}) {
            try (CpuRuntime cpu = new CpuRuntime(threads, false)) {
                F32Array out = cpu.allocF32(ENVS * PER);
                I32Array flags = cpu.allocI32(ENVS);
                EnvMask mask = new EnvMask(flags, ENVS);
                KernelArgs args = CpuRuntimeTest.Affine.INSTANCE.args().set(0, out).set(1, 0.5f);
                for (double p : new double[] {0, 0.01, 0.3, 1}) {
                    int[] f = randomFlags(r, p);
                    cpu.upload(f, flags);
                    float[] before = new float[ENVS * PER];
                    cpu.download(out, before);
                    cpu.launchMasked(CpuRuntimeTest.Affine.INSTANCE, ENVS * PER, args, mask);
                    float[] after = new float[ENVS * PER];
                    cpu.download(out, after);
                    assertArrayEqualsExactly(expected(before, f, 0.5f), after, threads + " threads, p = " + p);
                }
            }
        }
    }

    @Test
    void aRecordedMaskedLaunchReadsTheFlagsWhenReplayed() {
        F32Array out = rt.allocF32(ENVS * PER);
        I32Array flags = rt.allocI32(ENVS);
        EnvMask mask = new EnvMask(flags, ENVS);
        KernelArgs args = CpuRuntimeTest.Affine.INSTANCE.args().set(0, out).set(1, 1f);
        CapturedGraph g = rt.capture(() -> rt.launchMasked(CpuRuntimeTest.Affine.INSTANCE, ENVS * PER, args, mask));
        assertEquals(0f, read(out)[PER * ENVS - 1], "recording runs nothing");
        Random r = new Random(2);
        for (int i = 0; i < 4; i++) {
            int[] f = randomFlags(r, 0.4);
            rt.upload(f, flags);
            float[] before = read(out);
            g.replay();
            assertArrayEqualsExactly(expected(before, f, 1f), read(out), "replay " + i);
        }
    }

    @Test
    void maskedCopiesMoveOnlySelectedRowsEagerAndReplayed() {
        Vec2Array src = rt.allocVec2(ENVS * PER);
        Vec2Array dst = rt.allocVec2(ENVS * PER);
        I32Array flags = rt.allocI32(ENVS);
        EnvMask mask = new EnvMask(flags, ENVS);
        float[] s = new float[2 * ENVS * PER];
        for (int i = 0; i < s.length; i++) {
            s[i] = i + 1;
        }
        rt.upload(s, src);
        int[] f = randomFlags(new Random(3), 0.5);
        rt.upload(f, flags);
        rt.copyMasked(src, dst, mask);
        float[] d = new float[s.length];
        rt.download(dst, d);
        for (int i = 0; i < d.length; i++) {
            assertEquals(f[i / (2 * PER)] != 0 ? s[i] : 0f, d[i], "element " + i);
        }
        rt.upload(new float[s.length], dst);
        CapturedGraph g = rt.capture(() -> rt.copyMasked(src, dst, mask));
        int[] f2 = randomFlags(new Random(4), 0.5);
        rt.upload(f2, flags);
        g.replay();
        rt.download(dst, d);
        for (int i = 0; i < d.length; i++) {
            assertEquals(f2[i / (2 * PER)] != 0 ? s[i] : 0f, d[i], "replayed element " + i);
        }
    }

    @Test
    void theSelectedEnvsAreDealtOutInEqualShares() {
        // every env selected but the first half: an index-range split would leave workers idle
        CpuRuntimeTest.Affine k = CpuRuntimeTest.Affine.INSTANCE;
        F32Array out = rt.allocF32(ENVS * PER);
        I32Array flags = rt.allocI32(ENVS);
        int[] f = new int[ENVS];
        for (int e = ENVS / 2; e < ENVS; e++) {
            f[e] = 1;
        }
        rt.upload(f, flags);
        int before = k.chunks.get();
        rt.launchMasked(k, ENVS * PER, k.args().set(0, out).set(1, 1f), new EnvMask(flags, ENVS));
        assertTrue(k.chunks.get() - before >= 2, "the selected envs ran in several chunks");
    }

    @Test
    void refusesDimensionsThatAreNotPerEnv() {
        F32Array out = rt.allocF32(ENVS * PER + 1);
        EnvMask mask = new EnvMask(rt.allocI32(ENVS), ENVS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rt.launchMasked(
                CpuRuntimeTest.Affine.INSTANCE, ENVS * PER + 1,
                CpuRuntimeTest.Affine.INSTANCE.args().set(0, out).set(1, 1f), mask));
        assertTrue(e.getMessage().contains("not a multiple of 37 envs"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rt.copyMasked(out, rt.allocF32(ENVS * PER + 1), mask));
        assertThrows(IllegalArgumentException.class, () -> new EnvMask(rt.allocI32(3), 4));
    }

    private static void assertArrayEqualsExactly(float[] want, float[] got, String what) {
        assertEquals(want.length, got.length, what);
        for (int i = 0; i < want.length; i++) {
            assertEquals(Float.floatToRawIntBits(want[i]), Float.floatToRawIntBits(got[i]), what + ", index " + i);
        }
    }
}
