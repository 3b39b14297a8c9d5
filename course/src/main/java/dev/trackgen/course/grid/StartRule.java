package dev.trackgen.course.grid;

import dev.trackgen.course.kernel.StartGridKernel;

/** Where a {@link StartGrid} puts the start/finish line of each track. */
public enum StartRule {
    /**
     * On the longest straight: the longest run of consecutive points whose curvature magnitude is
     * at most the straight threshold; the line sits the grid's depth past the run's first point
     * (so the grid lies on the straight), or at the run's last point when the straight is shorter
     * than the grid. A track without any straight point uses its least curved point.
     */
    LONGEST_STRAIGHT(0),
    /** At point 0 (arc length 0); the grid lies behind it, at the end of the lap. */
    ARC_ZERO(1);

    private final int code;

    StartRule(int code) {
        this.code = code;
    }

    /** @return the rule's code in the kernel ({@code rule} parameter of {@link StartGridKernel}) */
    public int code() {
        return code;
    }
}
