package dev.trackgen.cli.config;

/**
 * The runtime a run asked for and where that request came from.
 *
 * @param name   {@code cpu}, {@code cuda}, {@code auto} or any registered runtime name
 * @param origin which setting decided it, for example {@code --runtime} or
 *               {@code system property trackgen.runtime}
 */
public record RuntimeChoice(String name, String origin) {
}
