import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Drives a {@link Course} through a fixed, seeded script and writes every array it produced, so
 * that two commits can be compared byte for byte (scripts/compare-outputs.sh does): for each of
 * three course set-ups (segment collision with two agents, SDF collision, no collision) it
 * generates, then runs 60 steps in which the poses follow the centerline with a lateral weave
 * (some agents leave the road), and every 10 steps resets some envs, regenerates others with new
 * seeds (masked regeneration) and resets all once. After every call it appends the course's
 * arrays: the track, the step's frame, events and contacts, and the poses.
 *
 * <pre>java -cp 'distribution/target/trackgen/lib/*' scripts/CourseDump.java OUT_DIR [ENVS]</pre>
 *
 * Writes {@code OUT_DIR/<setup>.bin} (the raw little-endian arrays in a fixed order) and prints one
 * SHA-256 per set-up and per kind of array.
 */
public final class CourseDump {
    private CourseDump() {
    }

    /** Appends arrays to one stream and to per-kind digests. */
    static final class Sink implements AutoCloseable {
        private final ComputeRuntime runtime;
        private final DataOutputStream out;
        private final Map<String, MessageDigest> digests = new TreeMap<>();

        Sink(ComputeRuntime runtime, OutputStream out) {
            this.runtime = runtime;
            this.out = new DataOutputStream(out);
        }

        private MessageDigest digest(String kind) {
            return digests.computeIfAbsent(kind, k -> {
                try {
                    return MessageDigest.getInstance("SHA-256");
                } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
            });
        }

        void floats(String kind, float[] v) throws IOException {
            byte[] b = new byte[4 * v.length];
            for (int i = 0; i < v.length; i++) {
                int bits = Float.floatToRawIntBits(v[i]);
                b[4 * i] = (byte) bits;
                b[4 * i + 1] = (byte) (bits >>> 8);
                b[4 * i + 2] = (byte) (bits >>> 16);
                b[4 * i + 3] = (byte) (bits >>> 24);
            }
            out.write(b);
            digest(kind).update(b);
        }

        void ints(String kind, int[] v) throws IOException {
            float[] f = new float[v.length];
            for (int i = 0; i < v.length; i++) {
                f[i] = Float.intBitsToFloat(v[i]);
            }
            floats(kind, f);
        }

        void f32(String kind, F32Array a) throws IOException {
            float[] v = new float[a.length()];
            runtime.download(a, v);
            floats(kind, v);
        }

        void i32(String kind, I32Array a) throws IOException {
            int[] v = new int[a.length()];
            runtime.download(a, v);
            ints(kind, v);
        }

        void vec2(String kind, Vec2Array a) throws IOException {
            float[] v = new float[2 * a.length()];
            runtime.download(a, v);
            floats(kind, v);
        }

        void track(Track t) throws IOException {
            vec2("track", t.center());
            vec2("track", t.outer());
            vec2("track", t.inner());
            vec2("track", t.tangent());
            vec2("track", t.normal());
            f32("track", t.arclen());
            f32("track", t.length());
            f32("track", t.winding());
            i32("track", t.valid());
            i32("track", t.count());
        }

        void step(Course course, CourseStep r) throws IOException {
            f32("frame", r.frame().s());
            f32("frame", r.frame().n());
            i32("frame", r.frame().segment());
            i32("frame", r.frame().onRoad());
            i32("events", r.events().passed());
            i32("events", r.events().lapCompleted());
            i32("events", r.events().wrongWay());
            i32("events", r.events().wrongCheckpoint());
            i32("events", r.events().laps());
            f32("events", r.events().distToNext());
            i32("events", r.events().nextCheckpoint());
            i32("events", r.events().progress());
            i32("events", r.events().linePasses());
            if (r.contacts().isPresent()) {
                var c = r.contacts().get();
                i32("contacts", c.offRoad());
                f32("contacts", c.clearance());
                vec2("contacts", c.nearest());
                vec2("contacts", c.normal());
                i32("contacts", c.border());
            }
            poses(course);
        }

        void poses(Course course) throws IOException {
            vec2("poses", course.poses().position());
            f32("poses", course.poses().heading());
        }

        Map<String, String> hex() {
            Map<String, String> m = new TreeMap<>();
            digests.forEach((k, d) -> m.put(k, HexFormat.of().formatHex(d.digest()).substring(0, 16)));
            return m;
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: java -cp 'lib/*' scripts/CourseDump.java OUT_DIR [ENVS]");
            System.exit(2);
        }
        Path dir = Files.createDirectories(Path.of(args[0]));
        int envs = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        Map<String, CourseConfig> setups = new java.util.LinkedHashMap<>();
        setups.put("segments", CourseConfig.builder().agents(2).offRoad(OffRoadOptions.segments()).build());
        setups.put("sdf", CourseConfig.builder().offRoad(OffRoadOptions.sdf()).build());
        setups.put("nocollision", CourseConfig.builder().offRoad(null).build());
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        for (var setup : setups.entrySet()) {
            TrackGenConfig config = launcher.bind(TrackGenConfig.builder().generator("bezier").numEnvs(envs)
                    .runtime("cpu").build());
            try (CpuRuntime runtime = new CpuRuntime(2, false);
                 Sink sink = new Sink(runtime, Files.newOutputStream(dir.resolve(setup.getKey() + ".bin")))) {
                TrackGenerator gen = launcher.builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0))
                        .runtime(runtime).build();
                try (Course course = Course.create(gen, setup.getValue())) {
                    run(course, runtime, sink);
                }
                System.out.println(setup.getKey() + ": " + sink.hex());
            }
        }
    }

    private static void run(Course course, ComputeRuntime runtime, Sink sink) throws IOException {
        int envs = course.numEnvs();
        int agents = course.agents();
        course.bind(course.allocatePoses());
        sink.track(course.generate());
        sink.poses(course);
        I32Array mask = runtime.allocI32(envs);
        int[] flags = new int[envs];
        int[] count = new int[envs];
        float[] center = new float[2 * course.track().center().length()];
        float[] normal = new float[center.length];
        float[] pos = new float[2 * envs * agents];
        float[] heading = new float[envs * agents];
        int nMax = center.length / (2 * envs);
        int seed = 1000;
        for (int step = 1; step <= 60; step++) {
            runtime.download(course.track().count(), count);
            runtime.download(course.track().center(), center);
            runtime.download(course.track().normal(), normal);
            for (int e = 0; e < envs; e++) {
                for (int a = 0; a < agents; a++) {
                    int q = e * agents + a;
                    int n = Math.max(1, count[e]);
                    int i = e * nMax + (3 * step + 5 * a + e) % n;
                    float weave = (float) Math.sin(0.37 * step + e + a) * (1.5f + (e % 5));
                    pos[2 * q] = center[2 * i] + weave * normal[2 * i];
                    pos[2 * q + 1] = center[2 * i + 1] + weave * normal[2 * i + 1];
                    heading[q] = (float) Math.atan2(-normal[2 * i], normal[2 * i + 1]);
                }
            }
            runtime.upload(pos, course.poses().position());
            runtime.upload(heading, course.poses().heading());
            sink.step(course, course.step());
            if (step % 10 == 0) {
                for (int e = 0; e < envs; e++) {
                    flags[e] = (e + step) % 3 == 0 ? 1 : 0;
                }
                runtime.upload(flags, mask);
                course.reset(mask);
                sink.poses(course);
                final int at = step;
                int[] ids = java.util.stream.IntStream.range(0, envs).filter(e -> (e + at) % 4 == 1).toArray();
                int[] seeds = new int[ids.length];
                for (int k = 0; k < ids.length; k++) {
                    seeds[k] = seed++;
                }
                course.rng().reseed(ids, seeds);
                for (int e = 0; e < envs; e++) {
                    flags[e] = 0;
                }
                for (int id : ids) {
                    flags[id] = 1;
                }
                runtime.upload(flags, mask);
                sink.track(course.regenerate(mask));
                sink.poses(course);
                if (step == 30) {
                    course.resetAll();
                    sink.poses(course);
                }
            }
        }
    }
}
