package dev.trackgen.pipeline.relax;

/**
 * The separation exclusion band: how many beads on either side of a bead are its geometric
 * neighbours along the chain, excluded from the separation scan and from the thickness gate.
 * {@code band = round(2 * half_width / L0)}, at least 1, where {@code L0} is the mean edge
 * length; a non-finite ratio (NaN track) gives 1. Shared by relaxation and validity so the
 * definition lives in one place.
 */
public final class SeparationBand {
    private SeparationBand() {
    }

    /**
     * @param l0      mean edge length of the track
     * @param twoHalf {@code 2 * half_width}
     * @return the band, {@code >= 1}
     */
    public static int of(float l0, float twoHalf) {
        float bf = twoHalf / Math.max(l0, 1.0e-9f);
        if (!Float.isFinite(bf)) {
            return 1;
        }
        return Math.max((int) Math.floor(bf + 0.5f), 1);
    }
}
