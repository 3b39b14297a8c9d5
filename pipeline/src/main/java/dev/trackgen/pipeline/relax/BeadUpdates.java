package dev.trackgen.pipeline.relax;

/**
 * Which {@link BeadUpdate} the relaxation's Java body uses: the Vector API one when the JVM has
 * the {@code jdk.incubator.vector} module ({@code --add-modules jdk.incubator.vector}; the
 * {@code trackgen} launcher passes it) and the system property {@code trackgen.vector} is not
 * {@code false}; else none, and the scalar loop updates every bead. Both give the same floats.
 */
final class BeadUpdates {
    private static final BeadUpdate PREFERRED = load();

    private BeadUpdates() {
    }

    /** @return the vector bead update, or null for the scalar loop */
    static BeadUpdate preferred() {
        return PREFERRED;
    }

    private static BeadUpdate load() {
        if (!Boolean.parseBoolean(System.getProperty("trackgen.vector", "true"))) {
            return null;
        }
        try {
            VectorBeadUpdate v = new VectorBeadUpdate();
            return v.lanes() >= 4 ? v : null;
        } catch (LinkageError absent) { // the module is not in the JVM (or not readable here)
            return null;
        }
    }
}
