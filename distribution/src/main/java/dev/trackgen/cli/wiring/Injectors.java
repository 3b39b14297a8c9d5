package dev.trackgen.cli.wiring;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Stage;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.PluginFolderSelector;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.job.GenerateRequest;

import java.util.function.Consumer;

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
        return forGenerate(request, console, settings, new PluginFolderSelector(settings).choose(null));
    }

    /**
     * @param request the parsed {@code generate} request
     * @param context the invocation (console, settings, {@code --plugins})
     * @return the graph of a {@code generate} run
     */
    public static Injector forGenerate(GenerateRequest request, CliContext context) {
        return forGenerate(request, context.console(), context.settings(),
                new PluginFolderSelector(context.settings()).choose(context.plugins()));
    }

    private static Injector forGenerate(GenerateRequest request, Console console, Settings settings,
                                        PluginFolderChoice plugins) {
        return Guice.createInjector(Stage.DEVELOPMENT,
                new CliModule(request, console, settings),
                new ConfigModule(request.configFile(), request.overrides()),
                new RegistryModule(plugins, warnings(console)),
                new RuntimeModule(request.threads()),
                new OutputModule(request.compress(), request.previewTracks()));
    }

    /**
     * @return the graph of the listing commands: the registries only, with the plugin folder of
     *         the environment ({@code TRACKGEN_PLUGINS}, else the product's) and no warnings
     */
    public static Injector forListing() {
        return Guice.createInjector(Stage.DEVELOPMENT,
                new RegistryModule(new PluginFolderSelector(Settings.system()).choose(null), problem -> { }));
    }

    /**
     * @param context the invocation (console, settings, {@code --plugins})
     * @param warn    whether problems are printed as {@code trackgen: warning:} lines (a command that
     *                lists them itself passes false)
     * @return the graph of the listing commands: the registries only
     */
    public static Injector forListing(CliContext context, boolean warn) {
        PluginFolderChoice plugins = new PluginFolderSelector(context.settings()).choose(context.plugins());
        return Guice.createInjector(Stage.DEVELOPMENT,
                new RegistryModule(plugins, warn ? warnings(context.console()) : problem -> { }));
    }

    /**
     * @param console the streams of the invocation
     * @return a sink printing each problem as one {@code trackgen: warning: ...} line on the error stream
     */
    public static Consumer<String> warnings(Console console) {
        return problem -> {
            console.err().println("trackgen: warning: " + problem);
            console.err().flush();
        };
    }
}
