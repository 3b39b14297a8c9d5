package dev.trackgen.cli.wiring;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Stage;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.job.GenerateRequest;

/**
 * Builds the object graph of each command from the per-concern modules. Singletons are created
 * lazily (development stage), so a command only pays for, and only fails on, what it uses.
 */
public final class Injectors {
    private Injectors() {
    }

    /**
     * @param request  the parsed {@code generate} request
     * @param console  the output and error streams
     * @param settings system properties and environment
     * @return the graph of a {@code generate} run
     */
    public static Injector forGenerate(GenerateRequest request, Console console, Settings settings) {
        return Guice.createInjector(Stage.DEVELOPMENT,
                new CliModule(request, console, settings),
                new ConfigModule(request.configFile(), request.overrides()),
                new RegistryModule(),
                new RuntimeModule(request.threads()),
                new OutputModule(request.compress(), request.previewTracks()));
    }

    /** @return the graph of the listing commands: the registries only */
    public static Injector forListing() {
        return Guice.createInjector(Stage.DEVELOPMENT, new RegistryModule());
    }
}
