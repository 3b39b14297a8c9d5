package dev.trackgen.cli.job;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why tracks of a batch are invalid, when the reason is a limit of the configuration rather
 * than the shape of a track: one warning line per cause, so that a 0% yield never goes without a
 * word.
 *
 * <ul>
 *   <li>no usable centerline ({@code count == 0}): the generated loop has zero length or a length
 *       beyond float32 (about 3.4e38), e.g. {@code scale=1e30};</li>
 *   <li>truncated ({@code count == N_max}, invalid): the loop needs more than {@code N_max}
 *       points at this spacing, e.g. {@code spacing=1e-9} or {@code half_width=1e-30} (the
 *       default spacing is 0.6 * half_width);</li>
 *   <li>collapsed ({@code 0 < count < }{@link #COLLAPSED_BELOW}, invalid): the spacing is so
 *       large against the track that only a few points remain.</li>
 * </ul>
 * A batch with no valid track and none of these causes gets one line saying so.
 */
public final class YieldWarnings {
    /** Fewer real points than this is a collapsed track: no closed road has fewer. */
    public static final int COLLAPSED_BELOW = 4;

    private YieldWarnings() {
    }

    /**
     * @param config   the configuration that ran
     * @param snapshot its batch
     * @return the warning lines, empty when no track hit a limit
     */
    public static List<String> of(TrackGenConfig config, TrackSnapshot snapshot) {
        int e = snapshot.numEnvs();
        int nMax = config.nMax();
        int empty = 0;
        int truncated = 0;
        int collapsed = 0;
        for (int k = 0; k < e; k++) {
            int c = snapshot.count(k);
            boolean valid = snapshot.isValid(k);
            if (c == 0) {
                empty++;
            } else if (c == nMax && !valid) {
                truncated++;
            } else if (c < COLLAPSED_BELOW && !valid) {
                collapsed++;
            }
        }
        String spacing = String.format(Locale.ROOT, "%.6g", config.spacing());
        List<String> out = new ArrayList<>();
        if (empty > 0) {
            out.add(empty + " of " + e + " tracks have no usable centerline (its length is zero or beyond "
                    + "float32's range, about 3.4e38) and are invalid; check scale and the generator's size knobs");
        }
        if (truncated > 0) {
            boolean auto = config.get(dev.trackgen.api.config.PipelineKnobs.SPACING) == null;
            out.add(truncated + " of " + e + " tracks needed more than N_max = " + nMax
                    + " points and are invalid; raise N_max (--set N_max=..., at most 65536) or "
                    + (auto ? "the half_width (the spacing is auto: 0.6 * half_width = " + spacing + ")"
                            : "the spacing (now " + spacing + ")"));
        }
        if (collapsed > 0) {
            out.add(collapsed + " of " + e + " tracks collapsed to fewer than " + COLLAPSED_BELOW
                    + " points at spacing " + spacing + " and are invalid; lower the spacing");
        }
        if (out.isEmpty() && e > 0 && snapshot.validCount() == 0) {
            out.add("no track of the " + e + " passed the validity gate although none hit a limit: their shapes fail it "
                    + "at half_width " + String.format(Locale.ROOT, "%.6g", config.halfWidth())
                    + " (docs/pipeline.md states the criterion)");
        }
        return out;
    }
}
