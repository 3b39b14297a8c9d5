package dev.trackgen.cli.wiring;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.Stage;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.PluginFolderSelector;
import dev.trackgen.cli.config.ResolvedConfig;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What one command runs on: the object graph of {@link PlatformModule} (Guice, for what is chosen
 * by configuration: plugins, registries, the runtime), read through named methods. Parts are
 * created lazily on first use (development stage), so a command pays for, and fails on, only
 * what it uses; closing the platform closes the runtimes it created.
 *
 * <p>The {@code generate} path: {@code Main} -> picocli -> {@code GenerateCommand.call()} ->
 * {@link #open} -> {@code new GenerationJob(request, platform, progress).run()} ->
 * {@link #resolve()} (config and generator, looked up once) -> {@link #runtime()} ->
 * {@code TrackGenerator.builder(config).generator(..).runtime(..).build().generate()}.
 */
public final class Platform implements AutoCloseable {
    private final Injector injector;
    private final AppResources resources;

    /**
     * @param modules the graph ({@link PlatformModule}, possibly overridden by a test)
     */
    public Platform(Module... modules) {
        this.injector = Guice.createInjector(Stage.DEVELOPMENT, modules);
        this.resources = injector.getInstance(AppResources.class);
    }

    /**
     * @param context    the invocation (console, settings, {@code --plugins})
     * @param configFile the {@code --config} file, or {@code null}
     * @param overrides  the command-line values
     * @param threads    CPU worker threads of the runtime, 0 = one per processor
     * @return the platform of a generating or evaluating command, with the plugin folder of the
     *         run ({@code --plugins}, else {@code TRACKGEN_PLUGINS}, else the product's) and
     *         plugin problems printed as warnings
     */
    public static Platform open(CliContext context, Path configFile, CommandLineOverrides overrides, int threads) {
        PluginFolderChoice plugins = new PluginFolderSelector(context.settings()).choose(context.plugins());
        return new Platform(new PlatformModule(context.settings(), plugins, warnings(context.console()), configFile,
                overrides, threads));
    }

    /**
     * @param context the invocation (console, settings, {@code --plugins})
     * @param warn    whether plugin problems are printed as warnings (a command that lists them
     *                itself passes false)
     * @return the platform of the listing commands (registries only are used)
     */
    public static Platform forListing(CliContext context, boolean warn) {
        PluginFolderChoice plugins = new PluginFolderSelector(context.settings()).choose(context.plugins());
        return new Platform(new PlatformModule(context.settings(), plugins, warn ? warnings(context.console())
                : problem -> { }, null, CommandLineOverrides.none(), 0));
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

    /** @return the registered generators, plugins included */
    public GeneratorRegistry generators() {
        return injector.getInstance(GeneratorRegistry.class);
    }

    /** @return the registered runtimes, plugins included */
    public RuntimeRegistry runtimes() {
        return injector.getInstance(RuntimeRegistry.class);
    }

    /** @return the launcher over both registries, with the run's runtime options */
    public TrackGenLauncher launcher() {
        return injector.getInstance(TrackGenLauncher.class);
    }

    /** @return the plugin folder as loaded */
    public LoadedPlugins plugins() {
        return injector.getInstance(LoadedPlugins.class);
    }

    /** @return the runtime name and where it came from */
    public RuntimeChoice runtimeChoice() {
        return injector.getInstance(RuntimeChoice.class);
    }

    /** @return the runtime choice, checked: the provider exists and is available here */
    public RuntimeProvider provider() {
        return injector.getInstance(RuntimeProvider.class);
    }

    /** @return the runtime of the run (created once, closed with the platform) */
    public ComputeRuntime runtime() {
        provider();
        return injector.getInstance(ComputeRuntime.class);
    }

    /**
     * @param threads worker threads
     * @return a new runtime of the chosen kind with that many threads (the caller closes it)
     */
    public ComputeRuntime newRuntime(int threads) {
        return provider().create(injector.getInstance(RuntimeOptions.class).withThreads(threads));
    }

    /** @return the run's configuration and generator, from the platform's command-line values */
    public ResolvedConfig resolve() {
        return resolve(injector.getInstance(CommandLineOverrides.class));
    }

    /**
     * @param overrides command-line values (an evaluation command's per-generator, per-size values)
     * @return the configuration layers resolved with them: defaults, {@code --config}, then these
     */
    public ResolvedConfig resolve(CommandLineOverrides overrides) {
        return new ConfigResolver(generators()).resolve(injector.getInstance(ConfigDocument.class), overrides,
                runtimeChoice());
    }

    /** Closes every runtime the platform created, newest first. */
    @Override
    public void close() {
        resources.close();
    }
}
