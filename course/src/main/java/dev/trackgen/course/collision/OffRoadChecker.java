package dev.trackgen.course.collision;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;

import java.util.Objects;
import dev.trackgen.course.kernel.OffRoadSdfKernel;
import dev.trackgen.course.kernel.OffRoadSegmentsKernel;
import dev.trackgen.course.kernel.SdfBakeKernel;

/**
 * Did each box leave the road? Bound once to a {@link Track} and to caller-owned {@link Boxes};
 * every {@link #query()} rewrites one persistent {@link BoxContacts} in place and allocates
 * nothing. The query is one launch ({@link #queryPlan()}), so it can be captured on CUDA and runs
 * on all cores on the CPU.
 *
 * <p>The {@link OffRoadBackend#SEGMENTS segments} backend reads the track's borders on every
 * query: nothing to do after a regeneration. The {@link OffRoadBackend#SDF sdf} backend answers
 * from per-env grids that {@link #bake()} (or the captured {@link #bakePlan()}) must rebuild after
 * every regeneration; the constructor bakes once. Its grids are sized once, in the constructor,
 * from the batch as it is then ({@link SdfLayout#plan}): by default the cell follows the road's
 * half-width, so build the checker after the first generation. Results for envs whose track is
 * invalid are undefined.
 *
 * <pre>{@code
 * Boxes boxes = new Boxes(8, rt.allocVec2(E * 8), rt.allocF32(E * 8), rt.allocVec2(E * 8));
 * OffRoadChecker checker = new OffRoadChecker(track, boxes, OffRoadOptions.segments());
 * // each step: write boxes' arrays, then
 * BoxContacts c = checker.query();
 * }</pre>
 */
public final class OffRoadChecker {
    private final Track track;
    private final Boxes boxes;
    private final OffRoadOptions options;
    private final BoxContacts contacts;
    private final LaunchPlan queryPlan;
    private final LaunchPlan bakePlan;
    private final long sdfBytes;
    private final SdfGrid sdfGrid;
    private final SdfLayout sdfLayout;

    /**
     * Validates the binding, allocates the result (and the grids) on the track's runtime, and
     * bakes the grids for the SDF backend.
     *
     * @param track   the batch; its arrays are read in place
     * @param boxes   the caller's box inputs on the same runtime, {@code E * B} entries
     * @param options backend and SDF sizing
     * @throws IllegalArgumentException if the box arrays do not hold {@code E * B} entries, or (sdf)
     *                                  as {@link SdfLayout#plan}: no valid track to measure the road on
     *                                  when following the road, grids over {@link OffRoadOptions#sdfMaxBytes()}
     */
    public OffRoadChecker(Track track, Boxes boxes, OffRoadOptions options) {
        this.track = Objects.requireNonNull(track, "track");
        this.boxes = Objects.requireNonNull(boxes, "boxes");
        this.options = Objects.requireNonNull(options, "options");
        boxes.checkFits(track);
        ComputeRuntime rt = track.runtime();
        int n = boxes.size();
        this.contacts = new BoxContacts(rt, n);
        int b = boxes.boxesPerEnv();
        if (options.backend() == OffRoadBackend.SEGMENTS) {
            KernelArgs q = OffRoadSegmentsKernel.INSTANCE.args().inner(track.inner()).outer(track.outer())
                    .center(track.center()).count(track.count()).nMax(track.nMax()).boxesPerEnv(b)
                    .position(boxes.position()).heading(boxes.heading()).halfExtents(boxes.halfExtents())
                    .offRoad(contacts.offRoad()).clearance(contacts.clearance()).nearest(contacts.nearest())
                    .normal(contacts.normal()).border(contacts.border());
            queryPlan = LaunchPlan.builder().launch(n, q).build();
            bakePlan = LaunchPlan.builder().build();
            sdfBytes = 0;
            sdfGrid = null;
            sdfLayout = null;
        } else {
            sdfLayout = SdfLayout.plan(track.snapshot(), options);
            int res = sdfLayout.resolution();
            int e = track.numEnvs();
            F32Array bounds = rt.allocF32(Math.multiplyExact(e, 3));
            F32Array phi = rt.allocF32(Math.multiplyExact(e, res * res));
            I32Array bid = rt.allocI32(Math.multiplyExact(e, SdfBakeKernel.words(res)));
            sdfBytes = sdfLayout.bytes();
            sdfGrid = new SdfGrid(res, bounds, phi, bid);
            KernelArgs bk = SdfBakeKernel.INSTANCE.args().inner(track.inner()).outer(track.outer())
                    .count(track.count()).nMax(track.nMax()).res(res).padding(sdfLayout.padding()).cell(sdfLayout.cellSize()).bounds(bounds)
                    .phi(phi).bid(bid);
            bakePlan = LaunchPlan.builder().launch(e, bk).build();
            KernelArgs q = OffRoadSdfKernel.INSTANCE.args().bounds(bounds).phi(phi).bid(bid).res(res).boxesPerEnv(b)
                    .position(boxes.position()).heading(boxes.heading()).halfExtents(boxes.halfExtents())
                    .offRoad(contacts.offRoad()).clearance(contacts.clearance()).nearest(contacts.nearest())
                    .normal(contacts.normal()).border(contacts.border());
            queryPlan = LaunchPlan.builder().launch(n, q).build();
            bake();
        }
    }

    /**
     * @param res SDF resolution
     * @return bytes of grid per env: {@code 4 res^2} distances, one bit per cell, three floats of bounds
     */
    public static long bytesPerEnv(int res) {
        return 4L * res * res + 4L * SdfBakeKernel.words(res) + 12L;
    }

    /** Re-bakes the SDF grids from the track (after every regeneration); nothing for segments. */
    public void bake() {
        run(bakePlan);
    }

    /**
     * Checks every box against the current track (segments) or the last bake (sdf).
     *
     * @return the persistent result, rewritten in place
     */
    public BoxContacts query() {
        run(queryPlan);
        return contacts;
    }

    private void run(LaunchPlan plan) {
        ComputeRuntime rt = track.runtime();
        plan.enqueueLocked(rt);
    }

    /** @return the query as a plan, for a caller's capture (one launch, no allocation, no read-back) */
    public LaunchPlan queryPlan() {
        return queryPlan;
    }

    /** @return the bake as a plan (empty for segments), to capture with the generation */
    public LaunchPlan bakePlan() {
        return bakePlan;
    }

    /** @return the persistent result */
    public BoxContacts contacts() {
        return contacts;
    }

    /** @return the bound inputs */
    public Boxes boxes() {
        return boxes;
    }

    /** @return the options */
    public OffRoadOptions options() {
        return options;
    }

    /**
     * @return the baked grids (to draw or sample the field yourself)
     * @throws IllegalStateException for the segments backend, which has none
     */
    public SdfGrid sdfGrid() {
        if (sdfGrid == null) {
            throw new IllegalStateException("the segments backend bakes no grid");
        }
        return sdfGrid;
    }

    /**
     * @return how the SDF grids were sized (side, cell, padding, measured half-width, bytes)
     * @throws IllegalStateException for the segments backend, which has none
     */
    public SdfLayout sdfLayout() {
        if (sdfLayout == null) {
            throw new IllegalStateException("the segments backend bakes no grid");
        }
        return sdfLayout;
    }

    /** @return bytes the SDF grids occupy on the runtime (0 for segments) */
    public long sdfBytes() {
        return sdfBytes;
    }
}
