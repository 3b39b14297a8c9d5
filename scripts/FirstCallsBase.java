import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code benchmarks/.../FirstCalls} (warm-up of a fresh JVM through the library: the time to the
 * first batch and the calls until one is within 20% of the steady state) for builds older than
 * that probe, such as 33a6573, the start of issue 32: the generator is built with the facade those
 * builds share ({@code TrackGenConfig.builder().generator(name)}, {@code TrackGenerator.builder}).
 * Compile it against the old build's benchmarks jar and run it as {@code FirstCalls} is run:
 *
 * <pre>
 * javac -d /tmp/fc -cp base.jar scripts/FirstCallsBase.java
 * taskset -c 1 java -cp base.jar:/tmp/fc FirstCallsBase 512 bezier 30 1
 * </pre>
 * Arguments {@code [envs=512] [generator=bezier] [calls=30] [threads=1]}; prints the same line.
 */
public final class FirstCallsBase {
    /** Calls at the end whose median is the steady state. */
    static final int STEADY_CALLS = 10;
    /** A call is near the steady state within this many percent of it. */
    static final int NEAR_PERCENT = 20;

    private FirstCallsBase() {
    }

    /**
     * @param args optional {@code envs generator calls threads}
     */
    public static void main(String[] args) {
        long mainAt = ManagementFactory.getRuntimeMXBean().getUptime();
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 512;
        String generator = args.length > 1 ? args[1] : "bezier";
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        if (calls <= STEADY_CALLS) {
            throw new IllegalArgumentException("calls must be > " + STEADY_CALLS + ", got " + calls);
        }
        double[] ms = new double[calls];
        long t0 = System.nanoTime();
        long firstAt;
        double buildMs;
        try (CpuRuntime runtime = new CpuRuntime(threads, false);
             TrackGenerator gen = TrackGenerator.builder(TrackGenConfig.builder().generator(generator).numEnvs(envs).build())
                     .rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(runtime).build()) {
            buildMs = (System.nanoTime() - t0) / 1e6;
            long c0 = System.nanoTime();
            gen.generate();
            ms[0] = (System.nanoTime() - c0) / 1e6;
            firstAt = ManagementFactory.getRuntimeMXBean().getUptime();
            for (int k = 1; k < calls; k++) {
                long c = System.nanoTime();
                gen.generate();
                ms[k] = (System.nanoTime() - c) / 1e6;
            }
        }
        double[] tail = Arrays.copyOfRange(ms, calls - STEADY_CALLS, calls);
        Arrays.sort(tail);
        double steady = 0.5 * (tail[STEADY_CALLS / 2 - 1] + tail[STEADY_CALLS / 2]);
        int near = 0;
        for (int k = 0; k < calls && near == 0; k++) {
            if (ms[k] <= steady * (1 + NEAR_PERCENT / 100.0)) {
                near = k + 1;
            }
        }
        StringBuilder all = new StringBuilder();
        for (double v : ms) {
            all.append(all.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f", v));
        }
        System.out.printf(Locale.ROOT, "generator=%s envs=%d threads=%d: main at %d ms, build %.1f ms, first batch at %d ms "
                + "(first call %.1f ms), steady %.1f ms, first call within %d%%: %d; calls: %s%n", generator, envs,
                threads, mainAt, buildMs, firstAt, ms[0], steady, NEAR_PERCENT, near, all);
    }
}
