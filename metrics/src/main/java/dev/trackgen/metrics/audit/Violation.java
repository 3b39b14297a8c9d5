package dev.trackgen.metrics.audit;

/**
 * One broken promise of a track.
 *
 * @param criterion which part of the definition it breaks
 * @param detail    where and by how much, e.g. {@code "edges 3 and 41 of the outer border cross"}
 */
public record Violation(Criterion criterion, String detail) {
    @Override
    public String toString() {
        return criterion.name().toLowerCase(java.util.Locale.ROOT) + ": " + detail;
    }
}
