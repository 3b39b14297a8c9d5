package dev.trackgen.api.generator;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.TrackGenConfig;

import java.util.List;

/**
 * The values of a generator's own knobs in one configuration, read once when a
 * {@link SimpleCenterlineGenerator}'s scratch is allocated and handed to every
 * {@link SimpleCenterlineGenerator#fill} call. Immutable; {@link #get} allocates nothing.
 */
public final class KnobValues {
    private final Knob<?>[] knobs;
    private final Object[] values;

    private KnobValues(Knob<?>[] knobs, Object[] values) {
        this.knobs = knobs;
        this.values = values;
    }

    /**
     * @param knobs  the generator's knobs
     * @param config a configuration that declares them all
     * @return their values in {@code config}
     * @throws dev.trackgen.api.config.InvalidConfigException if {@code config} does not declare one of them
     */
    public static KnobValues of(List<Knob<?>> knobs, TrackGenConfig config) {
        Knob<?>[] k = knobs.toArray(new Knob<?>[0]);
        Object[] v = new Object[k.length];
        for (int i = 0; i < k.length; i++) {
            v[i] = config.get(k[i]);
        }
        return new KnobValues(k, v);
    }

    /**
     * @param knob one of the generator's knobs
     * @param <T>  its value type
     * @return its value ({@code null} only for an optional knob left unset)
     * @throws IllegalArgumentException if the knob is not one the generator declared in {@code knobs()}
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Knob<T> knob) {
        for (int i = 0; i < knobs.length; i++) {
            if (knobs[i] == knob || knobs[i].name().equals(knob.name())) {
                return (T) values[i];
            }
        }
        throw new IllegalArgumentException("knob " + knob.name() + " is not among the generator's knobs(); declare it there");
    }
}
