package dev.trackgen.examples.trainer;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.localize.TrackFrame;

import java.util.Random;

/**
 * Scripted agents standing in for a policy: each follows its env's centerline with a pure-pursuit
 * controller (Coulter, "Implementation of the Pure Pursuit Path Tracking Algorithm", CMU-RI-TR-92-01,
 * 1992) and drives a kinematic unicycle at the speed profile's target times a per-episode
 * aggressiveness, so that the cautious ones finish laps and the greedy ones leave the road in
 * corners. Works on the CPU runtime, whose arrays the host reads and writes in place; on CUDA the
 * same step would be a kernel writing the bound pose buffers.
 */
final class PurePursuitDriver {
    private final Course course;
    private final int envs;
    private final int agents;
    private final int nMax;
    private final float[] center;
    private final float[] arclen;
    private final float[] length;
    private final int[] count;
    private final float[] speedProfile;
    private final float[] position;
    private final float[] heading;
    private final float[] speed;
    private final float[] aggressiveness;
    private final Random random;
    private final double minAggressiveness;
    private final double maxAggressiveness;
    private final float lookahead;
    private final float maxCurvature;
    private final float accel;
    private final float brake;

    /**
     * @param course            a bound CPU-runtime course
     * @param seed              seed of the per-episode aggressiveness draws
     * @param minAggressiveness smallest factor on the profile's target speed
     * @param maxAggressiveness largest factor
     */
    PurePursuitDriver(Course course, long seed, double minAggressiveness, double maxAggressiveness) {
        this.course = course;
        this.envs = course.numEnvs();
        this.agents = course.agents();
        Track t = course.track();
        this.nMax = t.nMax();
        this.center = ((HostVec2Array) t.center()).data();
        this.arclen = ((HostF32Array) t.arclen()).data();
        this.length = ((HostF32Array) t.length()).data();
        this.count = ((HostI32Array) t.count()).data();
        this.speedProfile = ((HostF32Array) course.profile().speed()).data();
        this.position = ((HostVec2Array) course.poses().position()).data();
        this.heading = ((HostF32Array) course.poses().heading()).data();
        this.speed = new float[envs * agents];
        this.aggressiveness = new float[envs];
        this.random = new Random(seed);
        this.minAggressiveness = minAggressiveness;
        this.maxAggressiveness = maxAggressiveness;
        double hw = course.generator().config().halfWidth();
        this.lookahead = (float) (1.5 * hw);
        this.maxCurvature = (float) (1 / (0.5 * hw));
        this.accel = (float) course.config().acceleration();
        this.brake = (float) course.config().braking();
        for (int e = 0; e < envs; e++) {
            newEpisode(e);
        }
    }

    /** Env {@code e} starts an episode: its agents stand still and it draws a new aggressiveness. */
    void newEpisode(int e) {
        for (int q = e * agents; q < (e + 1) * agents; q++) {
            speed[q] = 0f;
        }
        aggressiveness[e] = (float) (minAggressiveness + random.nextDouble() * (maxAggressiveness - minAggressiveness));
    }

    /** @return the aggressiveness of env {@code e}'s current episode */
    float aggressiveness(int e) {
        return aggressiveness[e];
    }

    /** @return agent {@code q}'s speed, world units / s */
    float speed(int q) {
        return speed[q];
    }

    /**
     * Advances every agent by {@code dt} from where the last localization put it, writing the
     * bound poses in place.
     *
     * @param frame the last step's localization
     * @param dt    time step, s
     */
    void act(TrackFrame frame, float dt) {
        float[] s = ((HostF32Array) frame.s()).data();
        int[] segment = ((HostI32Array) frame.segment()).data();
        for (int q = 0; q < envs * agents; q++) {
            int seg = segment[q];
            if (seg < 0) {
                continue; // invalid env (or a NaN pose): nothing to follow
            }
            int e = q / agents;
            int b = e * nMax;
            int n = count[e];
            float lap = length[e];
            float v = speed[q];
            float want = Math.max(lookahead, 0.12f * v);
            int j = seg;
            for (int k = 0; k < n; k++) { // first centerline point at least `want` ahead in arc length
                j = j + 1 == n ? 0 : j + 1;
                float ahead = arclen[b + j] - s[q];
                if (ahead < 0) {
                    ahead += lap;
                }
                if (ahead >= want) {
                    break;
                }
            }
            float x = position[2 * q];
            float y = position[2 * q + 1];
            float dx = center[2 * (b + j)] - x;
            float dy = center[2 * (b + j) + 1] - y;
            float dist = (float) Math.sqrt(dx * dx + dy * dy);
            float yaw = heading[q];
            float alpha = (float) Math.IEEEremainder(Math.atan2(dy, dx) - yaw, 2 * Math.PI);
            float kappa = dist > 0 ? (float) (2 * Math.sin(alpha) / dist) : 0f;
            kappa = Math.max(-maxCurvature, Math.min(maxCurvature, kappa));
            float target = speedProfile[b + seg] * aggressiveness[e];
            float dv = target - v;
            v += Math.max(-brake * dt, Math.min(accel * dt, dv));
            yaw += v * kappa * dt;
            position[2 * q] = x + v * dt * (float) Math.cos(yaw);
            position[2 * q + 1] = y + v * dt * (float) Math.sin(yaw);
            heading[q] = yaw;
            speed[q] = v;
        }
    }
}
