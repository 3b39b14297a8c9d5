package dev.trackgen.cli.output;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.progress.Checkpoints;


/**
 * Host copies of a batch's start lines, checkpoints and starting grids (module {@code course}),
 * for drawing on a preview: {@code trackgen generate --preview FILE --preview-course}.
 *
 * @param maxCheckpoints checkpoint slots per env
 * @param cpCount        checkpoints per env, {@code [E]}
 * @param cpInner        cross-section ends on the inner border, {@code [E * maxCheckpoints]} pairs
 * @param cpOuter        cross-section ends on the outer border, same shape
 * @param startIndex     the start line's centerline point per env, or -1, {@code [E]}
 * @param slots          grid slots per env
 * @param gridPosition   slot positions, {@code [E * slots]} pairs
 * @param gridHeading    slot headings as unit vectors, {@code [E * slots]} pairs
 * @param halfWidth      the road half-width (the size of a drawn car)
 */
public record CourseOverlay(int maxCheckpoints, int[] cpCount, float[] cpInner, float[] cpOuter, int[] startIndex,
                            int slots, float[] gridPosition, float[] gridHeading, double halfWidth) {

    /**
     * Places start lines (on the longest straight), checkpoints every {@code 5 * halfWidth} from
     * them and grids of {@code slots} poses on a batch, on its runtime, and copies them to the host.
     *
     * @param track     the batch
     * @param halfWidth its road half-width
     * @param slots     grid slots per env
     * @return the host copies
     */
    public static CourseOverlay compute(Track track, double halfWidth, int slots) {
        StartGrid grid = StartGrid.builder(track).halfWidth(halfWidth).slots(slots).build().compute();
        Checkpoints cps = Checkpoints.builder(track).spacing(5 * halfWidth).startAt(grid).build().compute();
        int e = track.numEnvs();
        int m = cps.maxCheckpoints();
        CourseOverlay o = new CourseOverlay(m, new int[e], new float[2 * e * m], new float[2 * e * m], new int[e], slots,
                new float[2 * e * slots], new float[2 * e * slots], halfWidth);
        ComputeRuntime rt = track.runtime();
        LockScope lock = new LockScope(rt.executionLock());
        try (LockScope held = lock.acquire()) {
            rt.download(cps.count(), o.cpCount());
            rt.download(cps.inner(), o.cpInner());
            rt.download(cps.outer(), o.cpOuter());
            rt.download(grid.startIndex(), o.startIndex());
            rt.download(grid.positions(), o.gridPosition());
            rt.download(grid.headings(), o.gridHeading());
        }
        return o;
    }
}
