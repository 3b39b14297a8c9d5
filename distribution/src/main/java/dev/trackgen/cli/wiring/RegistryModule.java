package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import jakarta.inject.Singleton;

import java.util.function.Consumer;

/**
 * The generator and runtime registries: what {@link java.util.ServiceLoader} finds in the
 * application (module path or class path), plus the plugin jars of the run's plugin folder
 * ({@link LoadedPlugins}, loaded once and shared by both registries). Every problem (a bad jar, a
 * plugin that failed to start, a name clash) is handed to the warning sink once, when the
 * registry that holds it is created.
 */
public final class RegistryModule extends AbstractModule {
    private final PluginFolderChoice plugins;
    private final Consumer<String> warnings;

    /** Creates the module without a plugin folder and without warnings. */
    public RegistryModule() {
        this(PluginFolderChoice.NONE, problem -> { });
    }

    /**
     * @param plugins  the plugin folder to load
     * @param warnings where to report problems (a {@code trackgen: warning:} line), or a no-op
     */
    public RegistryModule(PluginFolderChoice plugins, Consumer<String> warnings) {
        this.plugins = plugins;
        this.warnings = warnings;
    }

    @Override
    protected void configure() {
        bind(PluginFolderChoice.class).toInstance(plugins);
    }

    @Provides
    @Singleton
    LoadedPlugins loadedPlugins() {
        LoadedPlugins loaded = LoadedPlugins.load(plugins);
        loaded.problems().forEach(warnings);
        return loaded;
    }

    @Provides
    @Singleton
    GeneratorRegistry generators(LoadedPlugins plugins) {
        GeneratorRegistry registry = GeneratorRegistry.discover();
        plugins.addTo(registry);
        registry.problems().forEach(warnings);
        return registry;
    }

    @Provides
    @Singleton
    RuntimeRegistry runtimes(LoadedPlugins plugins) {
        RuntimeRegistry registry = RuntimeRegistry.discover();
        plugins.addTo(registry);
        registry.problems().forEach(warnings);
        return registry;
    }
}
