package dev.trackgen.examples.trainer;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.GatesMode;
import dev.trackgen.course.gates.GateCollision;
import dev.trackgen.course.gates.GateOptions;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.gates.ZProfile;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The gates trainer example: {@code E} drone-racing gate courses in the Course's {@code gates}
 * mode step together; scripted drones ({@link LineFollower}) fly the course line; an episode ends
 * on a gate miss (the drone crossed its target gate's plane outside the opening, or flew through
 * another gate), a frame hit (the Course's frame collision), a lap (the last gate passed) or a
 * timeout; every step the finished envs get new courses by masked regeneration (reseeded,
 * regenerated, respawned before gate 0; the others untouched). Prints episode statistics and env
 * steps per second and draws a few finished episodes.
 *
 * <p>Run from a checkout: {@code scripts/run-gates-trainer-example.sh [--envs 512] [--steps 1500]}.
 */
@Command(name = "gates-trainer-example", mixinStandardHelpOptions = true,
        description = "Fly scripted drones through a batch of gate courses, regenerating finished envs every step.")
public final class GatesTrainerLoop implements Callable<Integer> {
    @Option(names = "--envs", description = "environments E (default: ${DEFAULT-VALUE})")
    int envs = 512;

    @Option(names = "--steps", description = "sim steps (default: ${DEFAULT-VALUE})")
    int steps = 1500;

    @Option(names = "--dt", description = "time step in seconds (default: ${DEFAULT-VALUE})")
    double dt = 0.02;

    @Option(names = "--max-episode-steps", description = "an episode times out after this many steps (default: ${DEFAULT-VALUE})")
    int maxEpisodeSteps = 1500;

    @Option(names = "--generator", description = "plan-view generator (default: ${DEFAULT-VALUE})")
    String generator = "bezier";

    @Option(names = "--threads", description = "CPU threads, 0 = one per processor (default: ${DEFAULT-VALUE})")
    int threads = 0;

    @Option(names = "--seed", description = "base seed of courses and drones (default: ${DEFAULT-VALUE})")
    int seed = 0;

    @Option(names = "--picture", description = "PNG of a few finished episodes; its folder is created (default: ${DEFAULT-VALUE})")
    Path picture = Path.of("gates-trainer-episodes.png");

    @Option(names = "--panels", description = "episodes drawn (default: ${DEFAULT-VALUE})")
    int panels = 6;

    /** Frame member thickness and depth, agent sphere radius, world units. */
    static final double FRAME_THICKNESS = 0.02;
    static final double FRAME_DEPTH = 0.02;
    static final double AGENT_RADIUS = 0.015;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private Summary summary;

    GatesTrainerLoop(PrintStream out) {
        this.out = out;
    }

    /** @param args command-line options ({@code --help} lists them) */
    public static void main(String[] args) {
        System.exit(commandLine(new GatesTrainerLoop(System.out)).execute(args));
    }

    /**
     * @param loop the command
     * @return its command line, an error in the run printed as one line (exit 1)
     */
    static CommandLine commandLine(GatesTrainerLoop loop) {
        CommandLine cl = new CommandLine(loop);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            String why = ex.getMessage() != null ? ex.getMessage() : ex.getClass().getSimpleName();
            cmd.getErr().println("gates-trainer-example: error: " + why);
            cmd.getErr().flush();
            return 1;
        });
        return cl;
    }

    /** How a gate episode ends. */
    enum Outcome {
        /** The last gate passed through its opening. */
        LAP,
        /** The target gate's plane crossed outside its opening, or another gate flown through. */
        MISS,
        /** The drone's sphere touched a gate frame. */
        HIT,
        /** The step limit passed. */
        TIMEOUT
    }

    /** What a run counted. */
    record Summary(long laps, long misses, long hits, long timeouts, long invalid, long gatesPassed, long envSteps,
                   double seconds, double stepSeconds, double regenerateSeconds) {
        double envStepsPerSecond() {
            return envSteps / seconds;
        }
    }

    /** @return the last run's counts, or null before a run */
    Summary summary() {
        return summary;
    }

    @Override
    public Integer call() throws IOException {
        require(envs >= 1, "--envs " + envs + ": must be >= 1");
        require(steps >= 1, "--steps " + steps + ": must be >= 1");
        require(maxEpisodeSteps >= 1, "--max-episode-steps " + maxEpisodeSteps + ": must be >= 1");
        require(dt > 0 && Double.isFinite(dt), "--dt " + dt + ": must be a finite number of seconds > 0");
        require(panels >= 0, "--panels " + panels + ": must be >= 0");
        require(threads >= 0, "--threads " + threads + ": must be >= 0 (0 = one per processor)");
        require(picture.getFileName() != null && picture.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png"),
                "--picture " + picture + ": the picture is a PNG; name the file *.png");
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        GateConfig gc = GateConfig.builder().numEnvs(envs).generator(generator).zProfile(ZProfile.NOISE).zBase(1.0f).zMin(0.5f).zMax(1.5f)
                .zNoiseAmplitude(0.25f).build();
        CourseConfig cc = CourseConfig.builder().mode(GatesMode.NAME).agents(1).gates(GateOptions.builder()
                .collision(GateCollision.frames(FRAME_THICKNESS, FRAME_DEPTH, AGENT_RADIUS)).spawnDistance(0.1).build())
                .build();
        try (CpuRuntime runtime = new CpuRuntime(threads, false)) {
            GateGenerator gen = GateGenerator.builder(gc).generator(launcher.generator(generator))
                    .rng(PerEnvSeededRng.fromScalar(envs, seed)).runtime(runtime).hostRuntime(launcher::hostRuntime).build();
            try (Course course = Course.create(gen, cc)) {
                course.bind(course.allocateFlightPoses());
                long g0 = System.nanoTime();
                course.generate();
                out.printf(Locale.ROOT, "%d %s gate courses on %d CPU threads in %.2f s; frames %.3f x %.3f, drone radius"
                                + " %.3f; dt %.3f s, %d steps%n", envs, generator, runtime.threads(),
                        (System.nanoTime() - g0) / 1e9, FRAME_THICKNESS, FRAME_DEPTH, AGENT_RADIUS, dt, steps);
                loop(course, runtime);
            }
        }
        return 0;
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new CommandLine.ParameterException(spec.commandLine(), message);
        }
    }

    private void loop(Course course, CpuRuntime runtime) throws IOException {
        GateCourse g = course.gates();
        LineFollower drones = new LineFollower(course, seed);
        GateEpisodes episodes = new GateEpisodes(course, panels, maxEpisodeSteps);
        I32Array done = runtime.allocI32(envs);
        int[] doneFlags = ((HostI32Array) done).data();
        int[] valid = ((HostI32Array) g.valid()).data();
        float[] gatePos = ((HostF32Array) g.position()).data();
        float[] gateQuat = ((HostF32Array) g.orientation()).data();
        float[] pos = ((HostF32Array) course.flightPoses().position()).data();
        int[] episodeSteps = new int[envs];
        int[] ids = new int[envs];
        int[] seeds = new int[envs];
        float[] before = new float[3 * envs];
        int[] target = new int[envs];
        int nextSeed = seed + envs;
        long laps = 0;
        long misses = 0;
        long hits = 0;
        long timeouts = 0;
        long invalid = 0;
        long passedTotal = 0;
        long stepNs = 0;
        long regenNs = 0;
        CourseStep r = course.step(); // primes the localizer and progress at the start slots
        int[] passed = ((HostI32Array) r.gateEvents().passed()).data();
        int[] lap = ((HostI32Array) r.gateEvents().lapCompleted()).data();
        int[] wrong = ((HostI32Array) r.gateEvents().wrongGate()).data();
        int[] next = ((HostI32Array) r.gateEvents().nextGate()).data();
        int[] hit = ((HostI32Array) r.gateContacts().orElseThrow().hit()).data();
        long start = System.nanoTime();
        int report = Math.max(1, steps / 10);
        for (int step = 1; step <= steps; step++) {
            System.arraycopy(pos, 0, before, 0, 3 * envs);
            System.arraycopy(next, 0, target, 0, envs);
            drones.act(r.lineFrame(), dt);
            long t1 = System.nanoTime();
            course.step();
            long t2 = System.nanoTime();
            episodes.record();
            int k = 0;
            for (int e = 0; e < envs; e++) {
                episodeSteps[e]++;
                Outcome outcome = null;
                if (valid[e] == 0) {
                    invalid++;
                    outcome = Outcome.TIMEOUT;
                } else {
                    passedTotal += passed[e];
                    if (hit[e] != 0) {
                        outcome = Outcome.HIT;
                        hits++;
                    } else if (lap[e] != 0) {
                        outcome = Outcome.LAP;
                        laps++;
                    } else if (episodeSteps[e] > 1 && target[e] >= 0 && (wrong[e] >= 0 || passed[e] == 0
                            && crossesPlane(before, pos, e, gatePos, gateQuat, e * g.gMax() + target[e]))) {
                        outcome = Outcome.MISS;
                        misses++;
                    } else if (episodeSteps[e] >= maxEpisodeSteps) {
                        outcome = Outcome.TIMEOUT;
                        timeouts++;
                    }
                }
                doneFlags[e] = outcome == null ? 0 : 1;
                if (outcome != null) {
                    if (valid[e] != 0) {
                        episodes.ended(e, outcome, episodeSteps[e] * dt, drones.aggressiveness(e));
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
                    drones.newEpisode(ids[i]);
                    episodes.started(ids[i]);
                    episodeSteps[ids[i]] = 0;
                }
            }
            regenNs += System.nanoTime() - t3;
            stepNs += t2 - t1;
            if (step % report == 0 || step == steps) {
                double s = (System.nanoTime() - start) / 1e9;
                out.printf(Locale.ROOT, "step %5d/%d  laps %5d  misses %5d  frame hits %5d  timeouts %4d  gates passed %7d"
                        + "  %8.0f env-steps/s%n", step, steps, laps, misses, hits, timeouts, passedTotal, (double) step * envs / s);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        summary = new Summary(laps, misses, hits, timeouts, invalid, passedTotal, (long) steps * envs, seconds,
                stepNs / 1e9, regenNs / 1e9);
        long ended = laps + misses + hits + timeouts;
        out.printf(Locale.ROOT, "%d env-steps in %.2f s: %.0f env-steps/s (course.step %.0f%%, regenerate(mask) %.0f%%)%n",
                summary.envSteps(), seconds, summary.envStepsPerSecond(), 100 * summary.stepSeconds() / seconds,
                100 * summary.regenerateSeconds() / seconds);
        out.printf(Locale.ROOT, "episodes ended: %d (%d laps, %d gate misses, %d frame hits, %d timeouts)%s; %d gates passed%n",
                ended, laps, misses, hits, timeouts, invalid > 0 ? ", " + invalid + " on invalid courses" : "", passedTotal);
        if (panels > 0 && !episodes.finished().isEmpty()) {
            Path parent = picture.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path tmp = Files.createTempFile(parent, "." + picture.getFileName() + ".", ".tmp");
            try {
                GateEpisodes.write(episodes.finished(), tmp);
                Files.move(tmp, picture, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            out.println("picture of " + episodes.finished().size() + " episodes: " + picture.toAbsolutePath());
        }
    }

    /**
     * Whether agent 0 of env {@code e} crossed gate {@code f}'s plane forward between two steps
     * (a pass the tracker did not count is a miss: outside the opening).
     */
    static boolean crossesPlane(float[] before, float[] after, int e, float[] gatePos, float[] gateQuat, int f) {
        double qx = gateQuat[4 * f];
        double qy = gateQuat[4 * f + 1];
        double qz = gateQuat[4 * f + 2];
        double qw = gateQuat[4 * f + 3];
        double fx = 1 - 2 * (qy * qy + qz * qz);
        double fy = 2 * (qx * qy + qw * qz);
        double fz = 2 * (qx * qz - qw * qy);
        double d0 = (before[3 * e] - gatePos[3 * f]) * fx + (before[3 * e + 1] - gatePos[3 * f + 1]) * fy
                + (before[3 * e + 2] - gatePos[3 * f + 2]) * fz;
        double d1 = (after[3 * e] - gatePos[3 * f]) * fx + (after[3 * e + 1] - gatePos[3 * f + 1]) * fy
                + (after[3 * e + 2] - gatePos[3 * f + 2]) * fz;
        // a crossing near the gate (within a few openings), not of the plane far away on the course's other side
        double cx = after[3 * e] - gatePos[3 * f];
        double cy = after[3 * e + 1] - gatePos[3 * f + 1];
        double cz = after[3 * e + 2] - gatePos[3 * f + 2];
        return d0 <= 0 && d1 > 0 && Math.sqrt(cx * cx + cy * cy + cz * cz) < 0.6;
    }
}
