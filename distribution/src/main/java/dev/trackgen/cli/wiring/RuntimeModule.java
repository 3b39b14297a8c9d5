package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.RuntimeSelector;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.CliException;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.UnknownNameException;
import jakarta.inject.Singleton;

/**
 * The compute runtime: chosen by {@link RuntimeSelector} ({@code --runtime}, config file, system
 * property, environment, {@code auto}), checked up front as a {@link RuntimeProvider}, created
 * once on first use and registered with {@link AppResources} so it is closed at exit.
 */
public final class RuntimeModule extends AbstractModule {
    private final int threads;

    /** @param threads CPU worker threads, 0 = one per processor */
    public RuntimeModule(int threads) {
        this.threads = threads;
    }

    @Provides
    @Singleton
    RuntimeChoice choice(Settings settings, CommandLineOverrides overrides, ConfigDocument document) {
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
