package dev.trackgen.cli.config;

import java.nio.file.Path;

/**
 * The plugin folder of a run and what named it.
 *
 * @param folder   the folder, or {@code null} when there is none to load
 * @param origin   what chose it, for messages ({@code --plugins}, {@code environment variable
 *                 TRACKGEN_PLUGINS}, {@code the product's plugins folder}, {@code none})
 * @param explicit whether the user named it (then a missing folder is an error, not "no plugins")
 */
public record PluginFolderChoice(Path folder, String origin, boolean explicit) {
    /** No plugin folder. */
    public static final PluginFolderChoice NONE = new PluginFolderChoice(null, "none", false);
}
