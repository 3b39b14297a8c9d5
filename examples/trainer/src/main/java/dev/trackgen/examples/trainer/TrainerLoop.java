package dev.trackgen.examples.trainer;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * An RL-style trainer loop on a {@link Course}: {@code E} environments step together, scripted
 * pure-pursuit agents stand in for the policy, an episode ends when the vehicle leaves the road,
 * completes a lap or runs out of steps, and every step the finished envs get new tracks by masked
 * regeneration (reseeded, regenerated and respawned, the others untouched). Prints laps, off-road
 * events and env-steps per second, and draws a few episodes.
 *
 * <p>Run from a checkout: {@code scripts/run-trainer-example.sh [--envs 1024] [--steps 2000]}.
 */
@Command(name = "trainer-example", mixinStandardHelpOptions = true,
        description = "Drive scripted agents on a batch of tracks, regenerating finished envs every step.")
public final class TrainerLoop implements Callable<Integer> {
    /** The off-road check of the vehicle boxes. */
    enum Collision { SEGMENTS, SDF, NONE }

    @Option(names = "--envs", description = "environments E (default: ${DEFAULT-VALUE})")
    int envs = 1024;

    @Option(names = "--steps", description = "sim steps (default: ${DEFAULT-VALUE})")
    int steps = 2000;

    @Option(names = "--dt", description = "time step in seconds (default: ${DEFAULT-VALUE})")
    double dt = 0.02;

    @Option(names = "--max-episode-steps", description = "an episode times out after this many steps (default: ${DEFAULT-VALUE})")
    int maxEpisodeSteps = 1500;

    @Option(names = "--generator", description = "track generator (default: ${DEFAULT-VALUE})")
    String generator = "bezier";

    @Option(names = "--collision", description = "off-road check of the vehicle box: ${COMPLETION-CANDIDATES}, any case;"
            + " none uses the box center's on-road flag (default: ${DEFAULT-VALUE})")
    Collision collision = Collision.SEGMENTS;

    @Option(names = "--threads", description = "CPU threads, 0 = one per processor (default: ${DEFAULT-VALUE})")
    int threads = 0;

    @Option(names = "--seed", description = "base seed of tracks and drivers (default: ${DEFAULT-VALUE})")
    int seed = 0;

    @Option(names = "--picture", description = "PNG of a few finished episodes; its folder is created"
            + " (default: ${DEFAULT-VALUE})")
    Path picture = Path.of("trainer-episodes.png");

    @Option(names = "--panels", description = "episodes drawn (default: ${DEFAULT-VALUE})")
    int panels = 6;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private Summary summary;

    TrainerLoop(PrintStream out) {
        this.out = out;
    }

    /**
     * @param args command-line options ({@code --help} lists them)
     */
    public static void main(String[] args) {
        System.exit(commandLine(new TrainerLoop(System.out)).execute(args));
    }

    /**
     * @param loop the command
     * @return its command line: enum values in any case, and an error in the run printed as one
     *     line ({@code trainer-example: error: ...}, exit 1) instead of a stack trace
     */
    static CommandLine commandLine(TrainerLoop loop) {
        CommandLine cl = new CommandLine(loop);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            String why = ex.getMessage() != null ? ex.getMessage() : ex.getClass().getSimpleName();
            cmd.getErr().println("trainer-example: error: " + why);
            cmd.getErr().flush();
            return 1;
        });
        return cl;
    }

    /** What a run counted. */
    record Summary(long laps, long offRoad, long timeouts, long invalid, long envSteps, double seconds,
                   double stepSeconds, double regenerateSeconds, double driverSeconds) {
        double envStepsPerSecond() {
            return envSteps / seconds;
        }
    }

    /** @return the last run's counts, or null before a run */
    Summary summary() {
        return summary;
    }

    @Override
    public Integer call() throws Exception {
        require(envs >= 1, "--envs " + envs + ": must be >= 1");
        require(steps >= 1, "--steps " + steps + ": must be >= 1");
        require(maxEpisodeSteps >= 1, "--max-episode-steps " + maxEpisodeSteps + ": must be >= 1");
        require(dt > 0 && Double.isFinite(dt), "--dt " + dt + ": must be a finite number of seconds > 0");
        require(panels >= 0, "--panels " + panels + ": must be >= 0");
        require(threads >= 0, "--threads " + threads + ": must be >= 0 (0 = one per processor)");
        Path staged = panels > 0 ? stagePicture() : null;
        try {
            return run(staged);
        } finally {
            if (staged != null) {
                java.nio.file.Files.deleteIfExists(staged);
            }
        }
    }

    private int run(Path staged) throws Exception {
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig config = launcher.bind(TrackGenConfig.builder().generator(generator).numEnvs(envs)
                .runtime("cpu").build());
        CourseConfig.Builder cc = CourseConfig.builder();
        switch (collision) {
            case SEGMENTS -> cc.offRoad(OffRoadOptions.segments());
            case SDF -> cc.offRoad(OffRoadOptions.sdf());
            case NONE -> cc.offRoad(null);
        }
        try (CpuRuntime runtime = new CpuRuntime(threads, false)) {
            TrackGenerator gen = launcher.builder(config).rng(PerEnvSeededRng.fromScalar(envs, seed)).runtime(runtime)
                    .build();
            try (Course course = Course.create(gen, cc.build())) {
                course.bind(course.allocatePoses());
                long g0 = System.nanoTime();
                course.generate();
                out.printf("%d %s tracks on %d CPU threads in %.2f s; collision %s; dt %.3f s, %d steps%n", envs,
                        generator, runtime.threads(), (System.nanoTime() - g0) / 1e9,
                        collision.name().toLowerCase(), dt, steps);
                run(course, runtime, staged);
            }
        }
        return 0;
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new CommandLine.ParameterException(spec.commandLine(), message);
        }
    }

    /**
     * Refuses, before any work, a picture path that cannot be a PNG file, creates its folder, and
     * creates the hidden temporary file the picture is written to (moved into place at the end):
     * only creating a file proves the folder takes one ({@code /proc} passes every permission
     * test for root, yet refuses new files).
     *
     * @return the temporary file beside the picture
     */
    private Path stagePicture() {
        Path name = picture.getFileName();
        require(name != null && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".png"),
                "--picture " + picture + ": the picture is a PNG; name the file *.png");
        require(!java.nio.file.Files.isDirectory(picture), "--picture " + picture + ": is a folder");
        require(!java.nio.file.Files.exists(picture) || java.nio.file.Files.isRegularFile(picture),
                "--picture " + picture + ": exists and is not a regular file (a device, a FIFO, ...); name a new or"
                        + " regular file");
        Path parent = picture.toAbsolutePath().getParent();
        for (Path p = parent; p != null; p = p.getParent()) {
            if (java.nio.file.Files.exists(p)) {
                require(java.nio.file.Files.isDirectory(p), "--picture " + picture + ": " + p + " is not a folder");
                break;
            }
        }
        try {
            java.nio.file.Files.createDirectories(parent);
            return java.nio.file.Files.createTempFile(parent, "." + name + ".", ".tmp");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.NoSuchFileException ? "it takes no new file"
                    : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                    : String.valueOf(e.getMessage());
            throw new CommandLine.ParameterException(spec.commandLine(), "--picture " + picture + ": cannot write in "
                    + parent + " (" + why + ")");
        }
    }

    private void run(Course course, CpuRuntime runtime, Path staged) throws java.io.IOException {
        int agents = course.agents();
        PurePursuitDriver driver = new PurePursuitDriver(course, seed, 0.9, 2.2);
        EpisodeRecorder recorder = new EpisodeRecorder(course, Math.max(1, panels), panels, maxEpisodeSteps);
        I32Array done = runtime.allocI32(envs);
        int[] doneFlags = ((HostI32Array) done).data();
        int[] valid = ((HostI32Array) course.track().valid()).data();
        int[] episodeSteps = new int[envs];
        int[] ids = new int[envs];
        int[] seeds = new int[envs];
        int nextSeed = seed + envs;
        long laps = 0;
        long offRoad = 0;
        long timeouts = 0;
        long invalid = 0;
        long stepNs = 0;
        long regenNs = 0;
        long driverNs = 0;
        float fdt = (float) dt;
        CourseStep r = course.step();
        int[] offRoadFlag = r.contacts().map(c -> ((HostI32Array) c.offRoad()).data()).orElse(null);
        int[] onRoad = ((HostI32Array) r.frame().onRoad()).data();
        int[] lapCompleted = ((HostI32Array) r.events().lapCompleted()).data();
        float[] pose = ((dev.trackgen.api.runtime.HostVec2Array) course.poses().position()).data();
        long start = System.nanoTime();
        int report = Math.max(1, steps / 10);
        for (int step = 1; step <= steps; step++) {
            long t0 = System.nanoTime();
            driver.act(r.frame(), fdt);
            long t1 = System.nanoTime();
            course.step();
            long t2 = System.nanoTime();
            recorder.record(driver);
            int k = 0;
            for (int e = 0; e < envs; e++) {
                episodeSteps[e]++;
                Episode.Outcome outcome = null;
                if (valid[e] == 0) {
                    invalid++;
                    outcome = Episode.Outcome.TIMEOUT;
                } else {
                    for (int q = e * agents; q < (e + 1) * agents && outcome == null; q++) {
                        // a non-finite pose is an inactive box for the checker: here it ends the episode
                        boolean off = (offRoadFlag != null ? offRoadFlag[q] != 0 : onRoad[q] == 0)
                                || !Float.isFinite(pose[2 * q]) || !Float.isFinite(pose[2 * q + 1]);
                        if (off) {
                            outcome = Episode.Outcome.OFF_ROAD;
                            offRoad++;
                        } else if (lapCompleted[q] != 0) {
                            outcome = Episode.Outcome.LAP;
                            laps++;
                        }
                    }
                    if (outcome == null && episodeSteps[e] >= maxEpisodeSteps) {
                        outcome = Episode.Outcome.TIMEOUT;
                        timeouts++;
                    }
                }
                doneFlags[e] = outcome == null ? 0 : 1;
                if (outcome != null) {
                    if (valid[e] != 0) {
                        recorder.ended(e, outcome, episodeSteps[e] * dt, driver.aggressiveness(e));
                    }
                    ids[k] = e;
                    seeds[k] = nextSeed++;
                    k++;
                }
            }
            long t3 = System.nanoTime();
            if (k > 0) {
                course.rng().reseed(Arrays.copyOf(ids, k), Arrays.copyOf(seeds, k));
                course.regenerate(done);
                for (int i = 0; i < k; i++) {
                    driver.newEpisode(ids[i]);
                    recorder.started(ids[i]);
                    episodeSteps[ids[i]] = 0;
                }
            }
            long t4 = System.nanoTime();
            driverNs += (t1 - t0) + (t3 - t2);
            stepNs += t2 - t1;
            regenNs += t4 - t3;
            if (step % report == 0 || step == steps) {
                double s = (System.nanoTime() - start) / 1e9;
                out.printf("step %5d/%d  laps %6d  off-road %6d  timeouts %4d  %9.0f env-steps/s%n", step, steps, laps,
                        offRoad, timeouts, (double) step * envs / s);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        summary = new Summary(laps, offRoad, timeouts, invalid, (long) steps * envs, seconds, stepNs / 1e9,
                regenNs / 1e9, driverNs / 1e9);
        out.printf("%d env-steps in %.2f s: %.0f env-steps/s (course.step %.0f%%, regenerate(mask) %.0f%%, "
                        + "driver and bookkeeping %.0f%%)%n", summary.envSteps(), seconds, summary.envStepsPerSecond(),
                100 * summary.stepSeconds() / seconds, 100 * summary.regenerateSeconds() / seconds,
                100 * summary.driverSeconds() / seconds);
        out.printf("episodes ended: %d laps, %d off road, %d timeouts%s%n", laps, offRoad, timeouts,
                invalid > 0 ? ", " + invalid + " on invalid tracks" : "");
        if (panels > 0 && !recorder.finished().isEmpty()) {
            EpisodePicture.write(recorder.finished(), staged);
            java.nio.file.Files.move(staged, picture, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            out.println("picture of " + recorder.finished().size() + " episodes: " + picture.toAbsolutePath());
        }
    }
}
