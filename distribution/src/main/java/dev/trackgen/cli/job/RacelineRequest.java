package dev.trackgen.cli.job;

/**
 * What {@code trackgen generate --raceline} was asked for.
 *
 * @param worldScale {@code --world-scale}: metres per world unit of the speed profile, {@code > 0}
 * @param margin     {@code --vehicle-margin}: world units kept from each border, or NaN for the
 *                   default ({@code half_width / 4})
 */
public record RacelineRequest(double worldScale, double margin) {
}
