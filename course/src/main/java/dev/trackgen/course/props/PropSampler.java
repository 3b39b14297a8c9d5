package dev.trackgen.course.props;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.TrackPart;
import dev.trackgen.course.kernel.PropsKernel;

/**
 * Cones and wall pieces along both borders of every track at a requested spacing, snapped per
 * ring so each closed ring has no seam gap and no doubled prop. Bound once to a {@link Track};
 * {@link #sample()} (one launch, {@link #plan()}, capturable with the generation) rewrites one
 * persistent {@link PropSet} in place after each regeneration.
 */
public final class PropSampler extends TrackPart<PropSampler> {
    private final float spacing;
    private final PropSet props;

    /**
     * @param track    the batch
     * @param spacing  requested arc spacing between props, world units, {@code > 0}
     * @param maxProps M, slots per ring, {@code >= 3}; a longer ring is placed at a coarser step
     *                 and reported as truncated
     * @throws IllegalArgumentException on a spacing or M out of range
     */
    public PropSampler(Track track, float spacing, int maxProps) {
        super(track);
        if (!(spacing > 0f) || !Float.isFinite(spacing)) {
            throw new IllegalArgumentException("prop spacing must be positive and finite, got " + spacing);
        }
        if (maxProps < 3) {
            throw new IllegalArgumentException("maxProps must be >= 3, got " + maxProps);
        }
        this.spacing = spacing;
        this.props = new PropSet(track.runtime(), track.numEnvs(), maxProps);
        KernelArgs a = PropsKernel.INSTANCE.args().inner(track.inner()).outer(track.outer())
                .innerZ(track.innerZ()).outerZ(track.outerZ()).count(track.count())
                .nMax(track.nMax()).spacing(spacing).maxProps(maxProps).conePosition(props.conePosition())
                .coneYaw(props.coneYaw()).wallCenter(props.wallCenter()).wallYaw(props.wallYaw())
                .wallLength(props.wallLength()).propCount(props.count()).truncated(props.truncated())
                .step(props.step()).coneZ(props.coneZ()).wallZ(props.wallZ());
        this.plan = LaunchPlan.builder().launch(2 * track.numEnvs(), a).build();
    }

    /**
     * Slots per ring that hold every ring of a batch of perimeters up to {@code maxPerimeter}
     * without truncation: {@code round(maxPerimeter / spacing) + 1}, at least 3.
     *
     * @param maxPerimeter the longest border, world units
     * @param spacing      the spacing
     * @return M
     */
    public static int slotsFor(double maxPerimeter, double spacing) {
        return (int) Math.max(3, Math.min(Integer.MAX_VALUE / 4, Math.floor(maxPerimeter / spacing + 0.5) + 1));
    }

    /** @return the persistent props, rewritten from the current track ({@link #compute()}) */
    public PropSet sample() {
        compute();
        return props;
    }

    /** @return the persistent props */
    public PropSet props() {
        return props;
    }

    /** @return the requested spacing */
    public float spacing() {
        return spacing;
    }
}
