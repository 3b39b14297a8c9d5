package dev.trackgen.pipeline;

import dev.trackgen.api.kernel.MergeRowsI32Kernel;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.EnvMask;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.MaskedRuntime;

/**
 * The masked call of a {@link TrackGenerator}: new tracks for the envs a mask selects, from the
 * RNG's current seeds, while every other env keeps its track, bit for bit.
 *
 * <p>How: the RNG's seeds go to a staging buffer and only the selected envs' seeds are merged
 * into the pipeline's seed buffer ({@link MergeRowsI32Kernel}); then the generator and the stage
 * plan run on a {@link MaskedRuntime} view. The CPU runtime then runs the selected envs alone,
 * dealt out evenly over its workers, so a call costs in proportion to their number. A runtime
 * that runs masked launches whole (CUDA) recomputes the unselected envs from the seeds they
 * already had, which rewrites their rows with the values they hold (a track depends only on its
 * own env's seed): the same result at the cost of a full call. On a runtime that prefers replay
 * the masked sequence is captured once, on the first masked call, and replayed with whatever
 * the mask holds.
 */
final class MaskedRegeneration implements AutoCloseable {
    private final ComputeRuntime runtime;
    private final int envs;
    private final I32Array fresh;
    private final I32Array flags;
    private final ComputeRuntime view;
    private final LaunchPlan mergeSeeds;
    private CapturedGraph graph;
    private boolean graphIncludesGenerator;

    /**
     * @param runtime the pipeline's runtime
     * @param seeds   the pipeline's seed buffer, {@code [E]}
     */
    MaskedRegeneration(ComputeRuntime runtime, I32Array seeds) {
        this.runtime = runtime;
        this.envs = seeds.length();
        this.fresh = runtime.allocI32(envs);
        this.flags = runtime.allocI32(envs);
        this.view = new MaskedRuntime(runtime, new EnvMask(flags, envs));
        this.mergeSeeds = mergePlan(fresh, flags, seeds);
    }

    /** @return the plan that takes the selected envs' seeds from {@code fresh} into {@code seeds} */
    static LaunchPlan mergePlan(I32Array fresh, I32Array flags, I32Array seeds) {
        return LaunchPlan.builder().launch(seeds.length(),
                MergeRowsI32Kernel.INSTANCE.args().fresh(fresh).flags(flags).n(1).out(seeds)).build();
    }

    /**
     * Runs one masked call; the caller holds the execution lock.
     *
     * @param mask        the caller's mask on the pipeline's runtime, {@code [E]}
     * @param hostSeeds   the RNG's current seeds
     * @param centerlines the pipeline's generator stage
     * @param post        the pipeline's stage plan (resample, relax, inflate)
     * @param replay      whether to capture and replay
     */
    void run(I32Array mask, int[] hostSeeds, CenterlineStage centerlines, LaunchPlan post, boolean replay) {
        if (mask.length() != envs) {
            throw new IllegalArgumentException("the mask holds " + mask.length() + " flags but num_envs is " + envs);
        }
        runtime.upload(hostSeeds, fresh);
        runtime.copy(mask, flags);
        if (!replay) {
            runEagerly(centerlines, post);
            return;
        }
        if (graph == null) {
            runEagerly(centerlines, post);
            runtime.synchronize();
            graphIncludesGenerator = centerlines.capturable();
            graph = graphIncludesGenerator
                    ? runtime.capture(() -> runEagerly(centerlines, post))
                    : runtime.capture(() -> post.enqueue(view));
        }
        if (!graphIncludesGenerator) {
            mergeSeeds.enqueue(view);
            centerlines.runMasked(view, flags);
        }
        graph.replay();
    }

    private void runEagerly(CenterlineStage centerlines, LaunchPlan post) {
        mergeSeeds.enqueue(view);
        centerlines.runMasked(view, flags);
        post.enqueue(view);
    }

    /** Drops the captured masked sequence (the stage plan changed); the next masked call captures anew. */
    void forgetGraph() {
        if (graph != null) {
            graph.close();
            graph = null;
        }
    }

    @Override
    public void close() {
        if (graph != null) {
            graph.close();
        }
    }
}
