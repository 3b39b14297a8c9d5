package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.job.GenerateRequest;
import dev.trackgen.cli.job.Progress;
import jakarta.inject.Singleton;

/** The invocation itself: the parsed request, the console streams, process settings and progress lines. */
public final class CliModule extends AbstractModule {
    private final GenerateRequest request;
    private final Console console;
    private final Settings settings;

    /**
     * @param request  what {@code generate} was asked to do
     * @param console  the output and error streams
     * @param settings system properties and environment
     */
    public CliModule(GenerateRequest request, Console console, Settings settings) {
        this.request = request;
        this.console = console;
        this.settings = settings;
    }

    @Override
    protected void configure() {
        bind(GenerateRequest.class).toInstance(request);
        bind(Console.class).toInstance(console);
        bind(Settings.class).toInstance(settings);
    }

    @Provides
    @Singleton
    Progress progress() {
        return new Progress(console.err(), !request.quiet());
    }
}
