package dev.trackgen.examples.trainer;

import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.Course;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Records the paths of the first few envs' episodes, with the road each one was on. */
final class EpisodeRecorder {
    private final Course course;
    private final int watched;
    private final int keep;
    private final float[][] path;
    private final float[][] speed;
    private final int[] points;
    private final float[][] inner;
    private final float[][] outer;
    private final float[][] startLine;
    private final int[] episode;
    private final List<Episode> finished = new ArrayList<>();

    /**
     * @param course   the course (CPU runtime)
     * @param watched  how many envs, from env 0, to record
     * @param keep     how many finished episodes to keep
     * @param maxSteps longest episode, in steps
     */
    EpisodeRecorder(Course course, int watched, int keep, int maxSteps) {
        this.course = course;
        this.watched = Math.min(watched, course.numEnvs());
        this.keep = keep;
        this.path = new float[this.watched][2 * (maxSteps + 2)];
        this.speed = new float[this.watched][maxSteps + 2];
        this.points = new int[this.watched];
        this.inner = new float[this.watched][];
        this.outer = new float[this.watched][];
        this.startLine = new float[this.watched][];
        this.episode = new int[this.watched];
        for (int e = 0; e < this.watched; e++) {
            started(e);
        }
    }

    /** Env {@code e}'s episode starts (on the track it has now). */
    void started(int e) {
        if (e >= watched) {
            return;
        }
        int nMax = course.track().nMax();
        int n = ((HostI32Array) course.track().count()).data()[e];
        float[] in = ((HostVec2Array) course.track().inner()).data();
        float[] out = ((HostVec2Array) course.track().outer()).data();
        inner[e] = Arrays.copyOfRange(in, 2 * e * nMax, 2 * (e * nMax + n));
        outer[e] = Arrays.copyOfRange(out, 2 * e * nMax, 2 * (e * nMax + n));
        int si = ((HostI32Array) course.grid().startIndex()).data()[e];
        startLine[e] = si < 0 ? new float[0] : new float[] {in[2 * (e * nMax + si)], in[2 * (e * nMax + si) + 1],
                out[2 * (e * nMax + si)], out[2 * (e * nMax + si) + 1]};
        points[e] = 0;
        episode[e]++;
    }

    /** Appends agent 0's position of each watched env. */
    void record(PurePursuitDriver driver) {
        float[] pos = ((HostVec2Array) course.poses().position()).data();
        for (int e = 0; e < watched; e++) {
            int q = e * course.agents();
            int k = points[e];
            if (k < speed[e].length) {
                path[e][2 * k] = pos[2 * q];
                path[e][2 * k + 1] = pos[2 * q + 1];
                speed[e][k] = driver.speed(q);
                points[e] = k + 1;
            }
        }
    }

    /** Env {@code e}'s episode ended. */
    void ended(int e, Episode.Outcome outcome, double seconds, double aggressiveness) {
        if (e >= watched || finished.size() >= keep) {
            return;
        }
        int k = points[e];
        finished.add(new Episode(e, episode[e], inner[e], outer[e], startLine[e], Arrays.copyOf(path[e], 2 * k),
                Arrays.copyOf(speed[e], k), outcome, seconds, aggressiveness));
    }

    /** @return the finished episodes kept, in the order they ended */
    List<Episode> finished() {
        return finished;
    }
}
