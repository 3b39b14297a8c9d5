package dev.trackgen.course.raceline;

/**
 * A point-mass vehicle for the speed profile: a friction circle (ellipse) of lateral limit
 * {@code aLat}, traction limit {@code aAccel} and braking limit {@code aBrake}, a top speed, and
 * the world scale that turns the tracks' coordinates into metres.
 *
 * @param aLat       largest lateral acceleration, m/s^2, finite and {@code > 0}
 * @param aAccel     largest forward acceleration at zero lateral load, m/s^2, finite and {@code > 0}
 * @param aBrake     largest braking deceleration at zero lateral load, m/s^2, finite and {@code > 0}
 * @param vMax       top speed, m/s, finite and {@code > 0}
 * @param worldScale metres per world unit (1 for tracks in metres, such as imported circuits),
 *                   finite and {@code > 0}
 */
public record VehicleModel(double aLat, double aAccel, double aBrake, double vMax, double worldScale) {
    /** Standard gravity, m/s^2, for {@link #friction}. */
    public static final double G = 9.81;

    /**
     * The default model: {@code mu = 1} for lateral and braking ({@code 9.81 m/s^2}), {@code 5 m/s^2}
     * traction, {@code 80 m/s} top speed, tracks in metres.
     */
    public static final VehicleModel DEFAULT = new VehicleModel(G, 5.0, G, 80.0, 1.0);

    /**
     * @throws IllegalArgumentException naming the first value that is not finite and positive
     *     (or is zero as a float)
     */
    public VehicleModel {
        positive("aLat (m/s^2)", aLat);
        positive("aAccel (m/s^2)", aAccel);
        positive("aBrake (m/s^2)", aBrake);
        positive("vMax (m/s)", vMax);
        positive("worldScale (m per world unit)", worldScale);
    }

    /**
     * A friction circle of radius {@code mu * g} for every direction.
     *
     * @param mu         friction coefficient, {@code > 0}
     * @param vMax       top speed, m/s
     * @param worldScale metres per world unit
     * @return the model
     * @throws IllegalArgumentException as the constructor
     */
    public static VehicleModel friction(double mu, double vMax, double worldScale) {
        positive("mu", mu);
        return new VehicleModel(mu * G, mu * G, mu * G, vMax, worldScale);
    }

    /**
     * @param scale metres per world unit
     * @return this model at another world scale
     */
    public VehicleModel withWorldScale(double scale) {
        return new VehicleModel(aLat, aAccel, aBrake, vMax, scale);
    }

    private static void positive(String what, double v) {
        if (!(v > 0) || Double.isInfinite(v) || (float) v == 0.0f || Float.isInfinite((float) v)) {
            throw new IllegalArgumentException(what + " must be a finite number > 0, got " + v);
        }
    }
}
