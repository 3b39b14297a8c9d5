package dev.trackgen.cli.wiring;

import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.PluginFolder;
import dev.trackgen.registry.RuntimeRegistry;

import java.util.List;
import java.util.function.Consumer;

/**
 * The plugin folder of a run, loaded once: {@link PluginFolder#load} in the mode this process
 * runs in (a child module layer on the module path, a class loader on the class path), or nothing
 * when there is no folder. Feeds both registries.
 */
public final class LoadedPlugins {
    private final PluginFolderChoice choice;
    private final PluginFolder folder;

    private LoadedPlugins(PluginFolderChoice choice, PluginFolder folder) {
        this.choice = choice;
        this.folder = folder;
    }

    /**
     * @param choice the folder and what chose it
     * @return the loaded folder
     * @throws CliException if a folder the user named does not exist
     */
    public static LoadedPlugins load(PluginFolderChoice choice) {
        if (choice.folder() == null) {
            return new LoadedPlugins(choice, null);
        }
        try {
            return new LoadedPlugins(choice, PluginFolder.load(choice.folder()));
        } catch (IllegalArgumentException e) {
            if (!choice.explicit()) {
                return new LoadedPlugins(choice, null);
            }
            throw new CliException(choice.origin() + ": " + e.getMessage(), e);
        }
    }

    /** @return the folder and what chose it */
    public PluginFolderChoice choice() {
        return choice;
    }

    /** @return the loaded folder, or {@code null} when there is none */
    public PluginFolder folder() {
        return folder;
    }

    /** @return problems with whole plugin jars, each naming its jar */
    public List<String> problems() {
        return folder == null ? List.of() : folder.problems();
    }

    /**
     * @param registry gets the folder's generators
     * @param warnings gets each of the registry's problems (name clashes included)
     * @return the registry
     */
    public GeneratorRegistry addTo(GeneratorRegistry registry, Consumer<String> warnings) {
        if (folder != null) {
            folder.addTo(registry);
        }
        registry.problems().forEach(warnings);
        return registry;
    }

    /**
     * @param registry gets the folder's runtimes
     * @param warnings gets each of the registry's problems (name clashes included)
     * @return the registry
     */
    public RuntimeRegistry addTo(RuntimeRegistry registry, Consumer<String> warnings) {
        if (folder != null) {
            folder.addTo(registry);
        }
        registry.problems().forEach(warnings);
        return registry;
    }
}
