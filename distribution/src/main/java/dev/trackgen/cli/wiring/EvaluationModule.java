package dev.trackgen.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Provides;
import com.google.inject.Stage;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.PluginFolderSelector;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.job.Progress;
import jakarta.inject.Singleton;

import java.nio.file.Path;

/**
 * The invocation of an evaluation command ({@code metrics}, {@code bench}, {@code import}): the
 * console streams, process settings and progress lines. With {@link ConfigModule},
 * {@link RegistryModule} and {@link RuntimeModule} it gives those commands the same configuration
 * layers, registries and runtime choice as {@code generate}.
 */
public final class EvaluationModule extends AbstractModule {
    private final Console console;
    private final Settings settings;
    private final boolean quiet;

    /**
     * @param console  the output and error streams
     * @param settings system properties and environment
     * @param quiet    whether to suppress progress lines
     */
    public EvaluationModule(Console console, Settings settings, boolean quiet) {
        this.console = console;
        this.settings = settings;
        this.quiet = quiet;
    }

    /**
     * @param context    the invocation (console, settings, {@code --plugins})
     * @param quiet      whether to suppress progress lines
     * @param configFile the {@code --config} file, or {@code null}
     * @param overrides  the command-line values
     * @param threads    CPU worker threads of the runtime, 0 = one per processor
     * @return the object graph of an evaluation command, with the plugin folder of the run
     *         ({@code --plugins}, else {@code TRACKGEN_PLUGINS}, else the product's) as in {@code generate}
     */
    public static Injector injector(CliContext context, boolean quiet, Path configFile, CommandLineOverrides overrides,
                                    int threads) {
        PluginFolderChoice plugins = new PluginFolderSelector(context.settings()).choose(context.plugins());
        return Guice.createInjector(Stage.DEVELOPMENT,
                new EvaluationModule(context.console(), context.settings(), quiet),
                new ConfigModule(configFile, overrides),
                new RegistryModule(plugins, Injectors.warnings(context.console())),
                new RuntimeModule(threads));
    }

    @Override
    protected void configure() {
        bind(Console.class).toInstance(console);
        bind(Settings.class).toInstance(settings);
    }

    @Provides
    @Singleton
    Progress progress() {
        return new Progress(console.err(), !quiet);
    }
}
