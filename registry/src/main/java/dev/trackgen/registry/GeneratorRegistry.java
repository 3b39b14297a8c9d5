package dev.trackgen.registry;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The generators available to a {@code TrackGenerator}, by name.
 *
 * <p>{@link #discover()} finds every {@link CenterlineGenerator} provider with
 * {@link ServiceLoader}: {@code provides} clauses of modules on the module path and
 * {@code META-INF/services} entries on the class path. Inside an OSGi framework the registry is
 * filled and emptied by a service tracker through {@link #register} and {@link #unregister}.
 * A provider that fails to load, or whose name is already taken, is left out and reported in
 * {@link #problems()}; the others keep working. Thread-safe.
 */
public final class GeneratorRegistry {
    private final Map<String, GeneratorEntry> entries = new TreeMap<>();
    /** The same entries in the order they were registered (discovery order: provides clauses, services files). */
    private final List<GeneratorEntry> registered = new ArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    /** Creates an empty registry. */
    public GeneratorRegistry() {
    }

    /** @return a registry holding every generator {@link ServiceLoader} finds for this class's loader */
    public static GeneratorRegistry discover() {
        return discover(ServiceLoader.load(CenterlineGenerator.class, GeneratorRegistry.class.getClassLoader()));
    }

    /**
     * @param layer a module layer holding plugin modules (and its parents)
     * @return a registry holding every generator provided in that layer
     */
    public static GeneratorRegistry discover(ModuleLayer layer) {
        return discover(ServiceLoader.load(layer, CenterlineGenerator.class));
    }

    /**
     * @param loader a class loader whose class path holds plugin jars
     * @return a registry holding every generator visible to that loader
     */
    public static GeneratorRegistry discover(ClassLoader loader) {
        return discover(ServiceLoader.load(CenterlineGenerator.class, loader));
    }

    private static GeneratorRegistry discover(ServiceLoader<CenterlineGenerator> loader) {
        GeneratorRegistry r = new GeneratorRegistry();
        r.addAll(loader);
        return r;
    }

    /**
     * Adds every provider of a loader, recording failures in {@link #problems()}.
     *
     * @param loader a service loader for generators
     */
    public void addAll(ServiceLoader<CenterlineGenerator> loader) {
        for (ServiceLoader.Provider<CenterlineGenerator> p : providers(loader)) {
            String source = Origin.of(p.type());
            CenterlineGenerator g;
            try {
                g = p.get();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                problems.add("generator plugin " + p.type().getName() + " from " + source
                        + " failed to start: " + rootMessage(e));
                continue;
            }
            register(g, source);
        }
    }

    private List<ServiceLoader.Provider<CenterlineGenerator>> providers(ServiceLoader<CenterlineGenerator> loader) {
        return LoadableProviders.of(loader, e -> problems.add("a generator plugin could not be loaded: " + rootMessage(e)));
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m != null ? ": " + m : "");
    }

    /**
     * Registers a generator unless its name is taken (the first registration wins; a clash is
     * reported in {@link #problems()}), its name is empty or not one word (see
     * {@link #register(CenterlineGenerator, String, String)}), or its knobs cannot join a
     * configuration (a knob that reuses the name of a pipeline knob or of a registered generator's
     * knob with another definition, or {@code knobs()} throwing).
     *
     * @param generator the generator
     * @param source    where it came from
     * @return whether it was registered
     */
    public boolean register(CenterlineGenerator generator, String source) {
        return register(generator, source, null);
    }

    /**
     * Registers a generator as {@link #register(CenterlineGenerator, String)} does, saying in a
     * clash's problem line how the winner was chosen. A name must be one word: empty names and
     * names holding a space, a tab or another control character, a slash, a backslash or a comma
     * are refused with a problem line naming the class and its source.
     *
     * @param generator  the generator
     * @param source     where it came from
     * @param precedence how the registration that wins a name is chosen (e.g. "built-in
     *                   generators come first, then plugin jars in file-name order"), appended
     *                   in parentheses to a clash's problem line; {@code null} for none
     * @return whether it was registered
     */
    public synchronized boolean register(CenterlineGenerator generator, String source, String precedence) {
        String plugin = "generator plugin " + generator.getClass().getName() + " from " + source;
        String name;
        try {
            name = generator.name();
        } catch (RuntimeException e) {
            problems.add(plugin + " failed to report its name: " + rootMessage(e));
            return false;
        }
        if (name == null || name.isEmpty()) {
            problems.add(plugin + " has no name; ignored");
            return false;
        }
        String flaw = Names.flaw(name);
        if (flaw != null) {
            problems.add(plugin + " has an unusable name '" + Names.shown(name) + "' (" + flaw + "): a generator "
                    + Names.RULE + "; ignored");
            return false;
        }
        GeneratorEntry existing = entries.get(name);
        if (existing != null) {
            if (existing.generator() != generator) {
                problems.add("generator '" + name + "' from " + source + " was ignored: the name is taken by "
                        + existing.source() + (precedence != null ? " (" + precedence + ")" : ""));
            }
            return false;
        }
        String knobProblem = knobProblem(generator);
        if (knobProblem != null) {
            problems.add("generator '" + name + "' from " + source + " was ignored: " + knobProblem);
            return false;
        }
        GeneratorEntry entry = new GeneratorEntry(generator, source);
        entries.put(name, entry);
        registered.add(entry);
        return true;
    }

    /**
     * @return why the generator's knobs cannot be declared in a configuration next to the
     *         pipeline's and every registered generator's (the command line declares them all), or null
     */
    private String knobProblem(CenterlineGenerator generator) {
        try {
            TrackGenConfig.Builder b = TrackGenConfig.builder();
            for (GeneratorEntry e : registered) {
                b.declare(e.generator().knobs());
            }
            b.declare(generator.knobs());
            return null;
        } catch (RuntimeException | LinkageError e) {
            return "its knobs are unusable: " + (e instanceof IllegalArgumentException && e.getMessage() != null
                    ? e.getMessage() : rootMessage(e));
        }
    }

    /**
     * Records a problem found by a host that loads plugins itself (the plugin-folder loader, the
     * OSGi extender), so that it is listed with the others in {@link #problems()}.
     *
     * @param problem a one-line message naming the plugin and its jar or bundle
     */
    public void report(String problem) {
        problems.add(problem);
    }

    /**
     * Removes a generator if it is the one registered under its name.
     *
     * @param generator the generator to remove
     * @return whether it was removed
     */
    public synchronized boolean unregister(CenterlineGenerator generator) {
        GeneratorEntry e = entries.get(generator.name());
        if (e != null && e.generator() == generator) {
            entries.remove(generator.name());
            registered.remove(e);
            return true;
        }
        return false;
    }

    /** @return the registered names, sorted */
    public synchronized List<String> available() {
        return List.copyOf(entries.keySet());
    }

    /** @return every registration, sorted by name */
    public synchronized List<GeneratorEntry> entries() {
        return List.copyOf(entries.values());
    }

    /**
     * @return every registration in the order it was made: the built-in generators in the order
     *         their module provides them, then plugins as they were loaded. This is the order
     *         their knobs are documented and declared in ({@code trackgen knobs}, a configuration
     *         that knows every generator's knobs)
     */
    public synchronized List<GeneratorEntry> inRegistrationOrder() {
        return List.copyOf(registered);
    }

    /**
     * @param name a generator name
     * @return the generator
     * @throws UnknownNameException listing the available names if none is registered under it
     */
    public synchronized CenterlineGenerator get(String name) {
        return entry(name).generator();
    }

    /**
     * @param name a generator name
     * @return its registration
     * @throws UnknownNameException listing the available names if none is registered under it
     */
    public synchronized GeneratorEntry entry(String name) {
        GeneratorEntry e = entries.get(name);
        if (e == null) {
            throw new UnknownNameException("generator", name, new ArrayList<>(entries.keySet()));
        }
        return e;
    }

    /** @return messages about plugins that were left out, in the order they occurred */
    public List<String> problems() {
        return Collections.unmodifiableList(new ArrayList<>(problems));
    }
}
