package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigFileReader;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.RuntimeSelector;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.registry.UnknownNameException;
import jakarta.inject.Singleton;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What a command runs on, chosen by configuration: the generator and runtime registries (what
 * {@link java.util.ServiceLoader} finds, plus the jars of the run's plugin folder, loaded once
 * for both), the launcher over them, the {@code --config} document, and the runtime, chosen by
 * {@link RuntimeSelector} ({@code --runtime}, config file, system property, environment,
 * {@code auto}), checked up front as a {@link RuntimeProvider}, created once on first use and
 * closed with {@link AppResources}. Every plugin problem (a bad jar, a plugin that failed to
 * start, a name clash) goes to the warning sink once. Tests replace a binding with
 * {@code Modules.override}.
 */
public final class PlatformModule extends AbstractModule {
    private final Settings settings;
    private final PluginFolderChoice plugins;
    private final Consumer<String> warnings;
    private final Path configFile;
    private final CommandLineOverrides overrides;
    private final int threads;

    /**
     * @param settings   system properties and environment
     * @param plugins    the plugin folder to load
     * @param warnings   where to report plugin problems, or a no-op
     * @param configFile the {@code --config} file, or {@code null}
     * @param overrides  the command-line values
     * @param threads    CPU worker threads of the runtime, 0 = one per processor
     */
    public PlatformModule(Settings settings, PluginFolderChoice plugins, Consumer<String> warnings, Path configFile,
                          CommandLineOverrides overrides, int threads) {
        this.settings = settings;
        this.plugins = plugins;
        this.warnings = warnings;
        this.configFile = configFile;
        this.overrides = overrides;
        this.threads = threads;
    }

    @Override
    protected void configure() {
        bind(Settings.class).toInstance(settings);
        bind(CommandLineOverrides.class).toInstance(overrides);
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
        GeneratorRegistry registry = GeneratorRegistry.discover();
        loaded.addTo(registry);
        registry.problems().forEach(warnings);
        return registry;
    }

    @Provides
    @Singleton
    RuntimeRegistry runtimes(LoadedPlugins loaded) {
        RuntimeRegistry registry = RuntimeRegistry.discover();
        loaded.addTo(registry);
        registry.problems().forEach(warnings);
        return registry;
    }

    @Provides
    @Singleton
    TrackGenLauncher launcher(GeneratorRegistry generators, RuntimeRegistry runtimes, RuntimeOptions options) {
        return new TrackGenLauncher(generators, runtimes).withOptions(options);
    }

    @Provides
    @Singleton
    ConfigDocument configDocument() {
        return configFile == null ? ConfigDocument.empty() : new ConfigFileReader().read(configFile);
    }

    @Provides
    @Singleton
    RuntimeChoice choice(ConfigDocument document) {
        return new RuntimeSelector(settings).choose(overrides, document);
    }

    @Provides
    @Singleton
    RuntimeOptions options() {
        return RuntimeOptions.defaults().withThreads(threads);
    }

    @Provides
    @Singleton
    RuntimeProvider provider(RuntimeRegistry runtimes, RuntimeChoice choice) {
        RuntimeProvider p;
        try {
            p = runtimes.provider(choice.name());
        } catch (UnknownNameException e) {
            throw new CliException(choice.origin() + ": " + e.getMessage(), e);
        }
        String reason = p.unavailableReason();
        if (reason != null) {
            throw new RuntimeUnavailableException("runtime '" + p.name() + "' (chosen by " + choice.origin()
                    + ") is unavailable: " + reason);
        }
        return p;
    }

    @Provides
    @Singleton
    ComputeRuntime runtime(RuntimeProvider provider, RuntimeOptions options, AppResources resources) {
        return resources.register(provider.create(options));
    }
}
