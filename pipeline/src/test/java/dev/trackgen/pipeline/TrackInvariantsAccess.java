package dev.trackgen.pipeline;

/** Exposes the double-precision thickness of {@link TrackInvariants} to tests in other packages. */
public final class TrackInvariantsAccess {
    private TrackInvariantsAccess() {
    }

    /**
     * @param loop interleaved points of one closed loop
     * @param n    number of points
     * @param hw   half-width (sets the band)
     * @return the thickness in double precision
     */
    public static double thickness(float[] loop, int n, double hw) {
        return TrackInvariants.thickness(loop, 0, n, hw);
    }
}
