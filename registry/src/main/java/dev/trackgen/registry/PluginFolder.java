package dev.trackgen.registry;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeProvider;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.module.ResolutionException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apiguardian.api.API;

/**
 * The plugin jars of one folder, loaded at run time and kept apart from the application: a
 * {@code plugins/} folder next to the product's {@code lib/}, or any folder a host names.
 *
 * <p>Two ways of loading, one per way the host itself runs ({@link Mode#forThisRuntime()} picks):
 * <ul>
 *   <li>{@link Mode#MODULE_LAYER}: the jars become modules of a child {@link ModuleLayer} of the
 *       registry's layer (modular jars by their {@code provides} clauses, plain jars as automatic
 *       modules whose {@code META-INF/services} entries count as {@code provides}), found with
 *       {@link ServiceLoader#load(ModuleLayer, Class)};</li>
 *   <li>{@link Mode#CLASS_LOADER}: the jars go on a {@link URLClassLoader} whose parent is the
 *       registry's loader, found through their {@code META-INF/services} entries.</li>
 * </ul>
 * Only providers whose classes come from the folder are registered: the application's own are
 * found by {@link GeneratorRegistry#discover()}.
 *
 * <p>A bad jar never stops the others. A jar that cannot be read, is not a TrackGen plugin, holds
 * a module the application already has, or cannot be resolved as a module is reported in
 * {@link #problems()} by its file name; a provider that fails to load or to construct, or whose
 * name is taken, is reported in the registry it was meant for ({@link GeneratorRegistry#problems()},
 * {@link RuntimeRegistry#problems()}), again naming its jar. When the jars cannot be resolved
 * together (a missing dependency, a split package), each is tried alone so only the culprit is
 * left out.
 *
 * <pre>{@code
 * GeneratorRegistry generators = GeneratorRegistry.discover();
 * RuntimeRegistry runtimes = RuntimeRegistry.discover();
 * PluginFolder plugins = PluginFolder.load(Path.of("plugins"));
 * plugins.addTo(generators);
 * plugins.addTo(runtimes);
 * plugins.problems().forEach(System.err::println);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PluginFolder implements AutoCloseable {
    private static final String[] SPIS = {CenterlineGenerator.class.getName(), RuntimeProvider.class.getName()};

    /** How plugin jars are loaded. */
    public enum Mode {
        /** As modules of a child module layer. */
        MODULE_LAYER,
        /** On a class loader of their own, through {@code META-INF/services}. */
        CLASS_LOADER;

        /**
         * @return {@link #MODULE_LAYER} when the registry runs as a named module (the product was
         *         started on the module path), else {@link #CLASS_LOADER}
         */
        public static Mode forThisRuntime() {
            return GeneratorRegistry.class.getModule().isNamed() ? MODULE_LAYER : CLASS_LOADER;
        }
    }

    /** What one jar declares, read without loading any of its classes. */
    private record Jar(Path path, String moduleName, Set<String> providerClasses) {
        String fileName() {
            return path.getFileName().toString();
        }
    }

    private final Path directory;
    private final Mode mode;
    private final List<Jar> jars = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<ModuleLayer> layers = new ArrayList<>();
    private final Map<String, Jar> jarOfModule = new LinkedHashMap<>();
    private URLClassLoader classLoader;

    private PluginFolder(Path directory, Mode mode) {
        this.directory = directory;
        this.mode = mode;
    }

    /**
     * Loads every {@code *.jar} of a folder, the way this application runs.
     *
     * @param directory the folder
     * @return the loaded folder
     * @throws IllegalArgumentException if the folder does not exist or is not a directory
     */
    public static PluginFolder load(Path directory) {
        return load(directory, Mode.forThisRuntime());
    }

    /**
     * Loads every {@code *.jar} of a folder (not its subfolders), in file-name order.
     *
     * @param directory the folder
     * @param mode      how to load them
     * @return the loaded folder
     * @throws IllegalArgumentException if the folder does not exist or is not a directory
     */
    public static PluginFolder load(Path directory, Mode mode) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(mode, "mode");
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException(Files.exists(directory)
                    ? "plugin folder '" + directory + "' is not a directory"
                    : "plugin folder '" + directory + "' does not exist");
        }
        PluginFolder folder = new PluginFolder(directory, mode);
        folder.scan();
        if (mode == Mode.MODULE_LAYER) {
            folder.defineLayers();
        } else {
            folder.defineClassLoader();
        }
        return folder;
    }

    /** @return the folder the jars were read from */
    public Path directory() {
        return directory;
    }

    /** @return how the jars were loaded */
    public Mode mode() {
        return mode;
    }

    /** @return the jars that were loaded (readable ones; plugins and the libraries they may need) */
    public List<Path> jars() {
        List<Path> out = new ArrayList<>();
        for (Jar j : jars) {
            out.add(j.path());
        }
        return Collections.unmodifiableList(out);
    }

    /** @return the module layers holding the plugins ({@link Mode#MODULE_LAYER}; usually one) */
    public List<ModuleLayer> layers() {
        return List.copyOf(layers);
    }

    /** @return problems with whole jars, each naming the jar, in the order found */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * How a name two registrations share is given to one of them, the same whichever
     * {@link Mode} loaded the folder: the application's own first, then the plugins in the
     * file-name order of their jars (then by class name within a jar).
     */
    public static final String PRECEDENCE = "built-in generators come first, then plugin jars in file-name order";

    /**
     * Registers every generator the folder's jars provide, in the order of {@link #PRECEDENCE};
     * failures and name clashes (naming the winner and the loser's jar) are recorded in the
     * registry's {@link GeneratorRegistry#problems()}.
     *
     * @param registry where to register them
     */
    public void addTo(GeneratorRegistry registry) {
        start(CenterlineGenerator.class, registry::report, "generator", (g, source) -> registry.register(g, source,
                PRECEDENCE));
    }

    /**
     * Registers every runtime provider the folder's jars provide, in the order of
     * {@link #PRECEDENCE}; failures and name clashes are recorded in the registry's
     * {@link RuntimeRegistry#problems()}.
     *
     * @param registry where to register them
     */
    public void addTo(RuntimeRegistry registry) {
        start(RuntimeProvider.class, registry::report, "runtime", (r, source) -> registry.register(r, source,
                PRECEDENCE.replace("generators", "runtimes")));
    }

    /** Instantiates every provider of a service the jars provide and registers it with its source; failures go to the report. */
    private <S> void start(Class<S> service, java.util.function.Consumer<String> report, String kind,
                           java.util.function.BiConsumer<S, String> register) {
        for (Found<S> f : found(service, report, kind)) {
            S started;
            try {
                started = f.provider().get();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                report.accept(kind + " plugin " + f.provider().type().getName() + " from " + f.source()
                        + " failed to start: " + GeneratorRegistry.rootMessage(e));
                continue;
            }
            register.accept(started, f.source());
        }
    }

    /** A provider of the folder, with its jar. */
    private record Found<S>(ServiceLoader.Provider<S> provider, Jar jar, String source) {
    }

    /**
     * @return the folder's providers of a service, in the file-name order of their jars and then by
     *         class name: a service loader's own order follows a module layer's internals, or the
     *         class path, and differs between the two modes
     */
    private <S> List<Found<S>> found(Class<S> service, java.util.function.Consumer<String> report, String kind) {
        List<Found<S>> out = new ArrayList<>();
        for (ServiceLoader<S> loader : loaders(service)) {
            for (ServiceLoader.Provider<S> p : providers(loader, report, kind)) {
                Jar jar = jarOf(p.type());
                if (jar != null) {
                    out.add(new Found<>(p, jar, sourceOf(p.type(), jar)));
                }
            }
        }
        out.sort(Comparator.comparing((Found<S> f) -> f.jar().fileName())
                .thenComparing(f -> f.provider().type().getName()));
        return out;
    }

    /** Closes the class loader of {@link Mode#CLASS_LOADER}; plugins must not be used afterwards. */
    @Override
    public void close() throws IOException {
        if (classLoader != null) {
            classLoader.close();
        }
    }

    // ---------------------------------------------------------------- scanning

    private void scan() {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(directory, "*.jar")) {
            for (Path p : ds) {
                if (Files.isRegularFile(p)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            problems.add("plugin folder '" + directory + "' cannot be listed: " + e.getMessage());
            return;
        }
        Collections.sort(files);
        for (Path p : files) {
            Jar jar = inspect(p);
            if (jar != null) {
                jars.add(jar);
            }
        }
    }

    private Jar inspect(Path path) {
        String file = path.getFileName().toString();
        Set<String> providers = new TreeSet<>();
        String moduleName = null;
        try (JarFile jf = new JarFile(path.toFile())) {
            for (String spi : SPIS) {
                JarEntry e = jf.getJarEntry("META-INF/services/" + spi);
                if (e != null) {
                    try (InputStream in = jf.getInputStream(e)) {
                        providers.addAll(serviceEntries(in));
                    }
                }
            }
            JarEntry mi = jf.getJarEntry("module-info.class");
            if (mi != null) {
                try (InputStream in = jf.getInputStream(mi)) {
                    ModuleDescriptor d = ModuleDescriptor.read(in);
                    moduleName = d.name();
                    for (ModuleDescriptor.Provides pr : d.provides()) {
                        if (pr.service().equals(SPIS[0]) || pr.service().equals(SPIS[1])) {
                            providers.addAll(pr.providers());
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            problems.add("plugin jar " + file + " cannot be read (" + GeneratorRegistry.rootMessage(e)
                    + "); ignored");
            return null;
        }
        if (providers.isEmpty()) {
            problems.add("plugin jar " + file + " is not a TrackGen plugin: it provides no " + SPIS[0] + " or "
                    + SPIS[1] + " (no provides clause, no META-INF/services entry); kept only as a library");
        }
        return new Jar(path, moduleName, providers);
    }

    private static List<String> serviceEntries(InputStream in) throws IOException {
        List<String> out = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            int hash = line.indexOf('#');
            String cn = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!cn.isEmpty()) {
                out.add(cn);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- module layer

    private void defineLayers() {
        ModuleLayer parent = GeneratorRegistry.class.getModule().getLayer();
        if (parent == null) {
            parent = ModuleLayer.boot();
        }
        ClassLoader parentLoader = GeneratorRegistry.class.getClassLoader();
        Map<String, Jar> candidates = new LinkedHashMap<>();
        Map<String, ModuleReference> refs = new LinkedHashMap<>();
        for (Jar jar : jars) {
            ModuleReference ref;
            try {
                Set<ModuleReference> found = ModuleFinder.of(jar.path()).findAll();
                if (found.size() != 1) {
                    problems.add("plugin jar " + jar.fileName() + " holds no module; ignored");
                    continue;
                }
                ref = found.iterator().next();
            } catch (FindException e) {
                problems.add("plugin jar " + jar.fileName() + " cannot be loaded as a module: "
                        + GeneratorRegistry.rootMessage(e) + "; ignored");
                continue;
            }
            String name = ref.descriptor().name();
            if (parent.findModule(name).isPresent()) {
                problems.add("plugin jar " + jar.fileName() + " holds module " + name
                        + ", which the application already has; ignored");
                continue;
            }
            Jar earlier = candidates.get(name);
            if (earlier != null) {
                problems.add("plugin jar " + jar.fileName() + " holds module " + name + ", as "
                        + earlier.fileName() + " does; ignored");
                continue;
            }
            candidates.put(name, new Jar(jar.path(), name, jar.providerClasses()));
            refs.put(name, ref);
        }
        if (candidates.isEmpty()) {
            return;
        }
        try {
            layers.add(defineLayer(parent, parentLoader, candidates.values()));
            jarOfModule.putAll(candidates);
            return;
        } catch (FindException | ResolutionException | LayerInstantiationException | SecurityException e) {
            // resolve each jar alone below, so only the culprit is left out
        }
        for (Map.Entry<String, Jar> c : candidates.entrySet()) {
            try {
                layers.add(defineLayer(parent, parentLoader, List.of(c.getValue())));
                jarOfModule.put(c.getKey(), c.getValue());
            } catch (FindException | ResolutionException | LayerInstantiationException | SecurityException e) {
                problems.add("plugin jar " + c.getValue().fileName() + " (module " + c.getKey()
                        + ") cannot be loaded: " + GeneratorRegistry.rootMessage(e) + "; ignored");
            }
        }
    }

    private static ModuleLayer defineLayer(ModuleLayer parent, ClassLoader parentLoader, Iterable<Jar> jars) {
        List<Path> paths = new ArrayList<>();
        Set<String> roots = new LinkedHashSet<>();
        for (Jar j : jars) {
            paths.add(j.path());
            roots.add(j.moduleName());
        }
        Configuration cf = parent.configuration().resolve(ModuleFinder.of(paths.toArray(Path[]::new)),
                ModuleFinder.of(), roots);
        return parent.defineModulesWithOneLoader(cf, parentLoader);
    }

    // ---------------------------------------------------------------- class loader

    private void defineClassLoader() {
        List<URL> urls = new ArrayList<>();
        for (Jar j : jars) {
            try {
                urls.add(j.path().toUri().toURL());
            } catch (MalformedURLException e) {
                problems.add("plugin jar " + j.fileName() + " has no usable URL: " + e.getMessage() + "; ignored");
            }
        }
        if (!urls.isEmpty()) {
            classLoader = new URLClassLoader("trackgen-plugins", urls.toArray(URL[]::new),
                    GeneratorRegistry.class.getClassLoader());
        }
    }

    // ---------------------------------------------------------------- providers

    private <S> List<ServiceLoader<S>> loaders(Class<S> service) {
        List<ServiceLoader<S>> out = new ArrayList<>();
        for (ModuleLayer layer : layers) {
            out.add(ServiceLoader.load(layer, service));
        }
        if (classLoader != null) {
            out.add(ServiceLoader.load(service, classLoader));
        }
        return out;
    }

    /** Iterates a loader, attributing a provider that cannot even be loaded to its jar. */
    private <S> List<ServiceLoader.Provider<S>> providers(ServiceLoader<S> loader,
                                                         java.util.function.Consumer<String> report, String kind) {
        return LoadableProviders.of(loader, e -> report.accept("a " + kind + " plugin from " + blame(e)
                + " could not be loaded: " + GeneratorRegistry.rootMessage(e)));
    }

    /** @return the jar a loading error most likely comes from, by the class or jar it names */
    private String blame(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null && text.length() < 10_000; t = t.getCause() == t ? null : t.getCause()) {
            text.append(t.getMessage()).append('\n');
        }
        for (Jar j : jars) {
            if (text.indexOf(j.fileName()) >= 0) {
                return "plugin " + j.fileName();
            }
            for (String cn : j.providerClasses()) {
                if (text.indexOf(cn) >= 0) {
                    return "plugin " + j.fileName();
                }
            }
        }
        return "plugin folder " + directory;
    }

    /**
     * @param type a provider class
     * @return the folder's jar it comes from, or null when it is not from this folder
     */
    private Jar jarOf(Class<?> type) {
        Module m = type.getModule();
        if (m.isNamed()) {
            ModuleLayer layer = m.getLayer();
            Jar jar = jarOfModule.get(m.getName());
            return jar == null || layer == null || !layers.contains(layer) ? null : jar;
        }
        if (classLoader == null || type.getClassLoader() != classLoader) {
            return null;
        }
        String location = Origin.of(type);
        for (Jar j : jars) {
            if (j.fileName().equals(location)) {
                return j;
            }
        }
        return null;
    }

    /**
     * @param type a provider class of the folder
     * @param jar  its jar
     * @return "plugin JAR (module M)" for a module, else "plugin JAR"
     */
    private static String sourceOf(Class<?> type, Jar jar) {
        Module m = type.getModule();
        return m.isNamed() ? "plugin " + jar.fileName() + " (module " + m.getName() + ")" : "plugin " + jar.fileName();
    }
}
