package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigFileReader;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.registry.GeneratorRegistry;
import jakarta.inject.Singleton;

import java.nio.file.Path;

/**
 * The resolved {@link TrackGenConfig}: built-in defaults, then the {@code --config} file, then the
 * command line, with the runtime knob set to the {@link RuntimeChoice}.
 */
public final class ConfigModule extends AbstractModule {
    private final Path configFile;
    private final CommandLineOverrides overrides;

    /**
     * @param configFile the {@code --config} file, or {@code null}
     * @param overrides  the command-line values
     */
    public ConfigModule(Path configFile, CommandLineOverrides overrides) {
        this.configFile = configFile;
        this.overrides = overrides;
    }

    @Override
    protected void configure() {
        bind(CommandLineOverrides.class).toInstance(overrides);
    }

    @Provides
    @Singleton
    ConfigDocument configDocument() {
        return configFile == null ? ConfigDocument.empty() : new ConfigFileReader().read(configFile);
    }

    @Provides
    @Singleton
    TrackGenConfig config(ConfigDocument document, RuntimeChoice runtime, GeneratorRegistry generators) {
        return new ConfigResolver(generators).resolve(document, overrides, runtime);
    }
}
