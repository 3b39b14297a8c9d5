package dev.trackgen.registry;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.api.runtime.RuntimeUnavailableException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The runtimes that can run the pipeline, by name ({@code cpu}, {@code cuda}), found with
 * {@link ServiceLoader} or registered by hand. {@code auto} picks the available provider with the
 * highest {@link RuntimeProvider#priority()}. Thread-safe.
 */
public final class RuntimeRegistry {
    /** The name that selects the best available runtime. */
    public static final String AUTO = "auto";

    private final Map<String, RuntimeProvider> providers = new TreeMap<>();
    private final Map<String, String> sources = new TreeMap<>();
    private final List<String> problems = new ArrayList<>();

    /** Creates an empty registry. */
    public RuntimeRegistry() {
    }

    /** @return a registry holding every {@link RuntimeProvider} visible to this class's loader */
    public static RuntimeRegistry discover() {
        RuntimeRegistry r = new RuntimeRegistry();
        r.addAll(ServiceLoader.load(RuntimeProvider.class, RuntimeRegistry.class.getClassLoader()));
        return r;
    }

    /**
     * @param loader a service loader for runtime providers
     */
    public synchronized void addAll(ServiceLoader<RuntimeProvider> loader) {
        var it = loader.iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                register(it.next());
            } catch (ServiceConfigurationError e) {
                problems.add("a runtime provider could not be loaded: " + GeneratorRegistry.rootMessage(e));
            }
        }
    }

    /**
     * @param provider a provider; ignored if its name is taken
     * @return whether it was registered
     */
    public synchronized boolean register(RuntimeProvider provider) {
        return register(provider, null);
    }

    /**
     * Registers a provider found by a host that knows where it came from; unlike
     * {@link #register(RuntimeProvider)}, a name clash is reported in {@link #problems()}.
     *
     * @param provider a provider; ignored if its name is taken
     * @param source   where it came from (a plugin jar, a bundle), or {@code null}
     * @return whether it was registered
     */
    public synchronized boolean register(RuntimeProvider provider, String source) {
        return register(provider, source, null);
    }

    /**
     * Registers a provider as {@link #register(RuntimeProvider, String)} does, saying in a clash's
     * problem line how the winner was chosen. A name must be one word: empty names and names
     * holding a space, a tab or another control character, a slash, a backslash or a comma are
     * refused with a problem line.
     *
     * @param provider   a provider; ignored if its name is taken or unusable
     * @param source     where it came from (a plugin jar, a bundle), or {@code null}
     * @param precedence how the registration that wins a name is chosen, appended in parentheses
     *                   to a clash's problem line; {@code null} for none
     * @return whether it was registered
     */
    public synchronized boolean register(RuntimeProvider provider, String source, String precedence) {
        String from = source != null ? " from " + source : "";
        String name;
        try {
            name = provider.name();
        } catch (RuntimeException e) {
            problems.add("runtime provider " + provider.getClass().getName() + from + " failed to report its name: "
                    + GeneratorRegistry.rootMessage(e));
            return false;
        }
        if (name == null || name.isEmpty()) {
            problems.add("runtime provider " + provider.getClass().getName() + from + " has no name; ignored");
            return false;
        }
        String flaw = Names.flaw(name);
        if (flaw != null) {
            problems.add("runtime provider " + provider.getClass().getName() + from + " has an unusable name '"
                    + Names.shown(name) + "' (" + flaw + "): a runtime " + Names.RULE + "; ignored");
            return false;
        }
        if (providers.containsKey(name)) {
            if (source != null && providers.get(name) != provider) {
                String taken = sources.get(name);
                problems.add("runtime '" + name + "'" + from + " was ignored: the name is taken"
                        + (taken != null ? " by " + taken : "") + (precedence != null ? " (" + precedence + ")" : ""));
            }
            return false;
        }
        if (AUTO.equals(name)) {
            problems.add("runtime provider " + provider.getClass().getName() + from + " was ignored: '" + AUTO
                    + "' is reserved");
            return false;
        }
        providers.put(name, provider);
        if (source != null) {
            sources.put(name, source);
        }
        return true;
    }

    /**
     * Records a problem found by a host that loads plugins itself (the plugin-folder loader, the
     * OSGi extender), so that it is listed with the others in {@link #problems()}.
     *
     * @param problem a one-line message naming the plugin and its jar or bundle
     */
    public synchronized void report(String problem) {
        problems.add(problem);
    }

    /**
     * @param provider the provider to remove
     * @return whether it was registered
     */
    public synchronized boolean unregister(RuntimeProvider provider) {
        boolean removed = providers.remove(provider.name(), provider);
        if (removed) {
            sources.remove(provider.name());
        }
        return removed;
    }

    /** @return registered runtime names, sorted (available on this machine or not) */
    public synchronized List<String> available() {
        return List.copyOf(providers.keySet());
    }

    /**
     * @param name a runtime name or {@code auto}
     * @return the provider
     * @throws UnknownNameException listing registered names (and auto) if none matches
     * @throws RuntimeUnavailableException for {@code auto} when no provider is usable
     */
    public synchronized RuntimeProvider provider(String name) {
        if (AUTO.equals(name)) {
            List<RuntimeProvider> ordered = new ArrayList<>(providers.values());
            ordered.sort(Comparator.comparingInt(RuntimeProvider::priority).reversed());
            for (RuntimeProvider p : ordered) {
                if (p.unavailableReason() == null) {
                    return p;
                }
            }
            throw new RuntimeUnavailableException("no runtime is usable on this machine (registered: "
                    + String.join(", ", providers.keySet()) + ")");
        }
        RuntimeProvider p = providers.get(name);
        if (p == null) {
            List<String> names = new ArrayList<>(providers.keySet());
            names.add(AUTO);
            Collections.sort(names);
            throw new UnknownNameException("runtime", name, names);
        }
        return p;
    }

    /**
     * Creates a runtime by name.
     *
     * @param name    a runtime name or {@code auto}
     * @param options creation options
     * @return the runtime, owned by the caller
     * @throws UnknownNameException if the name is not registered
     * @throws RuntimeUnavailableException with a one-line reason if it cannot run here
     */
    public ComputeRuntime create(String name, RuntimeOptions options) {
        RuntimeProvider p = provider(name);
        String reason = p.unavailableReason();
        if (reason != null) {
            throw new RuntimeUnavailableException("runtime '" + p.name() + "' is unavailable: " + reason);
        }
        return p.create(options);
    }

    /** @return messages about providers that failed to load */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }
}
