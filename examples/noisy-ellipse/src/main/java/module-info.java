/**
 * An example third-party TrackGen plugin: the {@code noisy_ellipse} centerline generator.
 *
 * <p>It needs nothing but the api module. The same jar works three ways: as a module on the
 * module path (this {@code provides} clause), as a plain jar on the class path (its
 * {@code META-INF/services} entry) and as an OSGi bundle (its manifest; the TrackGen extender reads
 * the same {@code META-INF/services} entry).
 */
module dev.trackgen.examples.noisyellipse {
    requires dev.trackgen.api;

    provides dev.trackgen.api.generator.CenterlineGenerator with
            dev.trackgen.examples.noisyellipse.NoisyEllipseGenerator;
}
