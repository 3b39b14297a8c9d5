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
import dev.trackgen.cli.config.ConfigFileReader;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.PluginFolderChoice;
import dev.trackgen.cli.config.PluginFolderSelector;
import dev.trackgen.cli.config.ResolvedConfig;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.RuntimeSelector;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What one command runs on. Two halves: what is chosen by configuration (plugins, registries, the
 * launcher, the runtime) is the Guice graph of {@link PlatformModule}; the run's own values (the
 * command-line overrides, the {@code --config} document, the runtime choice made from them, the
 * runtime options) are plain fields and values made from them here, on first use. Both halves are
 * lazy (development stage), so a command pays for, and fails on, only what it uses; closing the
 * platform closes the runtimes it created.
 *
 * <p>The {@code generate} path: {@code Main} -> picocli -> {@code GenerateCommand.call()} ->
 * {@link #open} -> {@code new GenerationJob(request, platform, progress).run()} ->
 * {@link #resolve()} (config and generator, looked up once) -> {@link #runtime()} ->
 * {@code TrackGenerator.builder(config).generator(..).runtime(..).build().generate()}.
 */
public final class Platform implements AutoCloseable {
    private final Settings settings;
    private final Path configFile;
    private final CommandLineOverrides overrides;
    private final RuntimeOptions options;
    private final AppResources resources = new AppResources();
    private final Injector injector;
    private ConfigDocument document;
    private Predicate<String> claimed = key -> false;
    private RuntimeChoice choice;

    /**
     * @param settings   system properties and environment
     * @param plugins    the plugin folder to load
     * @param warnings   where to report plugin problems, or a no-op
     * @param configFile the {@code --config} file, or {@code null}
     * @param overrides  the command-line values
     * @param threads    CPU worker threads of the runtime, 0 = one per processor
     * @param customize  applied to the {@link PlatformModule} (a test's {@code Modules.override}),
     *                   or {@link UnaryOperator#identity()}
     */
    Platform(Settings settings, PluginFolderChoice plugins, Consumer<String> warnings, Path configFile,
             CommandLineOverrides overrides, int threads, UnaryOperator<Module> customize) {
        this.settings = settings;
        this.configFile = configFile;
        this.overrides = overrides;
        this.options = RuntimeOptions.defaults().withThreads(threads);
        this.injector = Guice.createInjector(Stage.DEVELOPMENT,
                customize.apply(new PlatformModule(plugins, warnings, options, resources, this::runtimeChoice)));
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
        return new Platform(context.settings(), plugins(context), warnings(context.console()), configFile, overrides,
                threads, UnaryOperator.identity());
    }

    /**
     * @param context the invocation (console, settings, {@code --plugins})
     * @param warn    whether plugin problems are printed as warnings (a command that lists them
     *                itself passes false)
     * @return the platform of the listing commands (registries only are used)
     */
    public static Platform forListing(CliContext context, boolean warn) {
        return new Platform(context.settings(), plugins(context), warn ? warnings(context.console()) : problem -> { },
                null, CommandLineOverrides.none(), 0, UnaryOperator.identity());
    }

    private static PluginFolderChoice plugins(CliContext context) {
        return new PluginFolderSelector(context.settings()).choose(context.plugins());
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

    /** @return the {@code --config} document (read once, on first use), or an empty one without the option,
     *          less the keys a command claimed ({@link #claimConfigKeys(Predicate)}) */
    public synchronized ConfigDocument configDocument() {
        ConfigDocument full = fullDocument();
        Map<String, Object> kept = new LinkedHashMap<>();
        full.values().forEach((k, v) -> {
            if (!claimed.test(k)) {
                kept.put(k, v);
            }
        });
        return new ConfigDocument(full.source(), kept);
    }

    private synchronized ConfigDocument fullDocument() {
        if (document == null) {
            document = configFile == null ? ConfigDocument.empty() : new ConfigFileReader().read(configFile);
        }
        return document;
    }

    /**
     * Takes keys of the {@code --config} file away from the track configuration: a command with
     * knobs of its own ({@code gates}' gate knobs) reads them with {@link #claimedConfig()}; the
     * track resolver no longer sees them.
     *
     * @param keys which keys the command reads itself
     * @return this platform
     */
    public synchronized Platform claimConfigKeys(Predicate<String> keys) {
        this.claimed = Objects.requireNonNull(keys, "keys");
        return this;
    }

    /** @return the claimed keys of the {@code --config} file with their values, in file order (empty without a file) */
    public synchronized Map<String, Object> claimedConfig() {
        Map<String, Object> own = new LinkedHashMap<>();
        fullDocument().values().forEach((k, v) -> {
            if (claimed.test(k)) {
                own.put(k, v);
            }
        });
        return own;
    }

    /**
     * @return the runtime name and where it came from ({@code --runtime}, config file, system
     *     property, environment, {@code auto}), chosen once
     */
    public synchronized RuntimeChoice runtimeChoice() {
        if (choice == null) {
            choice = new RuntimeSelector(settings).choose(overrides, configDocument());
        }
        return choice;
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
        return provider().create(options.withThreads(threads));
    }

    /** @return the run's configuration and generator, from the platform's command-line values */
    public ResolvedConfig resolve() {
        return resolve(overrides);
    }

    /**
     * @param overrides command-line values (an evaluation command's per-generator, per-size values)
     * @return the configuration layers resolved with them: defaults, {@code --config}, then these
     */
    public ResolvedConfig resolve(CommandLineOverrides overrides) {
        return new ConfigResolver(generators()).resolve(configDocument(), overrides, runtimeChoice());
    }

    /** Closes every runtime the platform created, newest first. */
    @Override
    public void close() {
        resources.close();
    }
}
