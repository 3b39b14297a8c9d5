package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.registry.UnknownNameException;
import jakarta.inject.Singleton;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What a command runs on that is chosen by configuration, and only that: the generator and
 * runtime registries (what {@link java.util.ServiceLoader} finds, plus the jars of the run's
 * plugin folder, loaded once for both), the launcher over them, and the runtime of the run's
 * {@link RuntimeChoice}, checked up front as a {@link RuntimeProvider}, created once on first use
 * and closed with {@link AppResources}. Every plugin problem (a bad jar, a plugin that failed to
 * start, a name clash) goes to the warning sink once. The run's own values (overrides, the
 * {@code --config} document, the runtime choice) are not bindings: {@link Platform} holds them
 * and hands the choice in. Tests replace a binding with {@code Modules.override}.
 */
public final class PlatformModule extends AbstractModule {
    private final PluginFolderChoice plugins;
    private final Consumer<String> warnings;
    private final RuntimeOptions options;
    private final AppResources resources;
    private final Supplier<RuntimeChoice> choice;

    /**
     * @param plugins   the plugin folder to load
     * @param warnings  where to report plugin problems, or a no-op
     * @param options   the runtime's options (worker threads)
     * @param resources where the created runtime is registered to be closed
     * @param choice    the run's runtime choice, asked for when the runtime is first needed
     */
    public PlatformModule(PluginFolderChoice plugins, Consumer<String> warnings, RuntimeOptions options,
                          AppResources resources, Supplier<RuntimeChoice> choice) {
        this.plugins = plugins;
        this.warnings = warnings;
        this.options = options;
        this.resources = resources;
        this.choice = choice;
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
    GeneratorRegistry generators(LoadedPlugins loaded) {
        return loaded.addTo(GeneratorRegistry.discover(), warnings);
    }

    @Provides
    @Singleton
    RuntimeRegistry runtimes(LoadedPlugins loaded) {
        return loaded.addTo(RuntimeRegistry.discover(), warnings);
    }

    @Provides
    @Singleton
    TrackGenLauncher launcher(GeneratorRegistry generators, RuntimeRegistry runtimes) {
        return new TrackGenLauncher(generators, runtimes).withOptions(options);
    }

    @Provides
    @Singleton
    RuntimeProvider provider(RuntimeRegistry runtimes) {
        RuntimeChoice c = choice.get();
        RuntimeProvider p;
        try {
            p = runtimes.provider(c.name());
        } catch (UnknownNameException e) {
            throw new CliException(c.origin() + ": " + e.getMessage(), e);
        }
        String reason = p.unavailableReason();
        if (reason != null) {
            throw new RuntimeUnavailableException("runtime '" + p.name() + "' (chosen by " + c.origin()
                    + ") is unavailable: " + reason);
        }
        return p;
    }

    @Provides
    @Singleton
    ComputeRuntime runtime(RuntimeProvider provider) {
        return resources.register(provider.create(options));
    }
}
