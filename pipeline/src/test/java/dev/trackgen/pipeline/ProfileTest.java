package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.*;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.Lock;

class ProfileTest {
    static final class Timing implements ComputeRuntime {
        final CpuRuntime d; final Map<String, long[]> t = new TreeMap<>();
        Timing(CpuRuntime d) { this.d = d; }
        public String name() { return d.name(); }
        public String describe() { return d.describe(); }
        public F32Array allocF32(int n) { return d.allocF32(n); }
        public I32Array allocI32(int n) { return d.allocI32(n); }
        public Vec2Array allocVec2(int n) { return d.allocVec2(n); }
        public void upload(int[] s, I32Array x) { d.upload(s, x); }
        public void upload(float[] s, F32Array x) { d.upload(s, x); }
        public void upload(float[] s, Vec2Array x) { d.upload(s, x); }
        public void download(I32Array s, int[] x) { d.download(s, x); }
        public void download(F32Array s, float[] x) { d.download(s, x); }
        public void download(Vec2Array s, float[] x) { d.download(s, x); }
        public void copy(DeviceArray s, DeviceArray x) { d.copy(s, x); }
        public void launch(Kernel k, int dim, KernelArgs a) { long t0 = System.nanoTime(); d.launch(k, dim, a); long[] v = t.computeIfAbsent(k.name(), z -> new long[2]); v[0] += System.nanoTime() - t0; v[1]++; }
        public boolean supports(Kernel k) { return true; }
        public CapturedGraph capture(Runnable r) { return d.capture(r); }
        public boolean prefersReplay() { return false; }
        public boolean hostResident() { return true; }
        public Lock executionLock() { return d.executionLock(); }
        public void synchronize() { }
        public void close() { d.close(); }
    }

    @Test
    void profile() {
        int e = 512;
        int threads = Integer.getInteger("threads", 0);
        TrackGenConfig.Builder cb = TrackGenConfig.builder().numEnvs(e);
        String sets = System.getProperty("set", "");
        for (String kv : sets.split(",")) { if (kv.contains("=")) cb.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1)); }
        TrackGenConfig c = cb.build();
        Timing rt = new Timing(new CpuRuntime(threads, false));
        try (TrackGenerator g = TrackGenerator.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            for (int k = 0; k < 10; k++) { g.generate(); }
            rt.t.clear();
            long t0 = System.nanoTime();
            for (int k = 0; k < 10; k++) { g.generate(); }
            System.out.printf("PROFILE total %.1f ms/call%n", (System.nanoTime() - t0) / 1e7);
            rt.t.forEach((k, v) -> System.out.printf("PROFILE %-22s %8.2f ms/call  %d launches/call%n", k, v[0] / 1e7, v[1] / 10));
        }
        rt.close();
    }
}
