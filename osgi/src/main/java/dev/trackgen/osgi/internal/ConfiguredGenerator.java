package dev.trackgen.osgi.internal;

import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.osgi.GeneratorConfiguration;
import dev.trackgen.osgi.TrackGenServices;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.log.LoggerFactory;

import static org.osgi.service.component.annotations.ReferenceCardinality.MULTIPLE;
import static org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC;
import static org.osgi.service.component.annotations.ReferencePolicyOption.GREEDY;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * One configuration of {@link GeneratorConfiguration#FACTORY_PID}, as a Declarative Services component:
 * it registers one bundle-scoped {@link TrackGenerator} service ({@link TrackGeneratorFactory})
 * built through {@link TrackGenLauncher}, as the command line builds its generator, from the
 * generator and runtime services present.
 *
 * <ul>
 *   <li>A configuration edit makes Declarative Services deactivate this instance (the service is
 *       unregistered and every consumer's generator closed, after a {@code generate()} in
 *       progress) and activate a new one with the new properties.</li>
 *   <li>A configuration naming a generator or runtime that is not (yet) registered waits: it logs
 *       one line (a warning) and registers when the plugin's service arrives; when the service goes (its
 *       bundle stops or is uninstalled), the {@code TrackGenerator} is unregistered and closed
 *       and the configuration waits again.</li>
 *   <li>A configuration the generator or the launcher refuses (an unknown knob, a value out of
 *       range, a runtime that cannot start here) registers nothing and logs one line naming the
 *       property, at error level, through the OSGi log service.</li>
 * </ul>
 */
@Component(name = GeneratorConfiguration.FACTORY_PID, configurationPid = GeneratorConfiguration.FACTORY_PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, service = {}, immediate = true)
public final class ConfiguredGenerator {
    private final Map<CenterlineGenerator, String> generators = new LinkedHashMap<>();
    private final Map<RuntimeProvider, String> runtimes = new LinkedHashMap<>();
    private final ComponentLog log = new ComponentLog(ConfiguredGenerator.class);
    private BundleContext context;
    private Map<String, Object> properties;
    private String pid;
    private Published published;
    private String lastReport;

    /** What is registered: the service, its factory and the generator service it was built from. */
    private record Published(ServiceRegistration<TrackGenerator> registration, TrackGeneratorFactory factory,
                             CenterlineGenerator generator, RuntimeProvider runtime) {
    }

    /** Created by Declarative Services. */
    public ConfiguredGenerator() {
    }

    @Activate
    synchronized void activate(BundleContext bundleContext, Map<String, Object> componentProperties) {
        this.context = bundleContext;
        this.properties = Map.copyOf(componentProperties);
        Object p = componentProperties.get("service.pid");
        this.pid = p != null ? p.toString() : GeneratorConfiguration.FACTORY_PID;
        reconcile();
    }

    @Deactivate
    void deactivate() {
        Published gone;
        synchronized (this) {
            gone = published;
            published = null;
            context = null;
        }
        withdraw(gone, "its configuration changed or was deleted");
    }

    @Reference(service = LoggerFactory.class, cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindLog(LoggerFactory factory) {
        log.bind(factory);
    }

    void unbindLog(LoggerFactory factory) {
        log.unbind(factory);
    }

    @Reference(service = CenterlineGenerator.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindGenerator(CenterlineGenerator generator, Map<String, Object> serviceProperties) {
        arrived(generators, generator, serviceProperties);
    }

    void unbindGenerator(CenterlineGenerator generator) {
        left(generators, generator, "generator '" + GeneratorSettings.generatorName(properties) + "' went away");
    }

    void unbindRuntime(RuntimeProvider runtime) {
        left(runtimes, runtime, "runtime '" + GeneratorSettings.runtimeName(properties) + "' went away");
    }

    @Reference(cardinality = MULTIPLE, policy = DYNAMIC, policyOption = GREEDY, unbind = "unbindRuntime")
    void bindRuntime(RuntimeProvider runtime, Map<String, Object> serviceProperties) {
        arrived(runtimes, runtime, serviceProperties);
    }

    /** A generator or runtime service arrived: perhaps the configuration can be served now. */
    private synchronized <S> void arrived(Map<S, String> present, S service, Map<String, Object> serviceProperties) {
        present.put(service, source(serviceProperties));
        reconcile();
    }

    /** A generator or runtime service left: withdraw what was built from it, then wait or rebuild. */
    private <S> void left(Map<S, String> present, S service, String why) {
        Published gone = null;
        synchronized (this) {
            present.remove(service);
            if (published != null && (published.generator() == service || published.runtime() == service)) {
                gone = published;
                published = null;
            }
        }
        if (gone != null) {
            withdraw(gone, why);
            synchronized (this) {
                reconcile();
            }
        }
    }

    /** Registers the service if the configuration can be served now and nothing is registered. */
    private void reconcile() {
        if (context == null || published != null) {
            return;
        }
        String name = GeneratorSettings.generatorName(properties);
        CenterlineGenerator generator = null;
        GeneratorRegistry named = new GeneratorRegistry();
        for (Map.Entry<CenterlineGenerator, String> e : generators.entrySet()) {
            if (e.getKey().name().equals(name)) {
                generator = e.getKey();
                named.register(generator, e.getValue());
                break;
            }
        }
        if (generator == null) {
            report("warn", "waits for generator '" + name + "' (property 'generator'; registered: "
                    + names(generators) + ")");
            return;
        }
        RuntimeRegistry present = new RuntimeRegistry();
        for (Map.Entry<RuntimeProvider, String> e : runtimes.entrySet()) {
            present.register(e.getKey(), e.getValue());
        }
        String runtime = GeneratorSettings.runtimeName(properties);
        if (!runtime.equals(RuntimeRegistry.AUTO) && present.available().stream().noneMatch(runtime::equals)) {
            report("warn", "waits for runtime '" + runtime + "' (property 'runtime'; registered: "
                    + String.join(", ", present.available()) + ")");
            return;
        }
        TrackGeneratorFactory factory;
        GeneratorSettings settings;
        try {
            settings = GeneratorSettings.read(properties, generator);
            factory = new TrackGeneratorFactory(new TrackGenLauncher(named, present), settings);
        } catch (InvalidPropertyException e) {
            report("error", "is invalid, no TrackGenerator registered: " + e.getMessage());
            return;
        } catch (RuntimeException e) {
            report("error", "is invalid, no TrackGenerator registered: property 'runtime': " + e.getMessage());
            return;
        }
        Dictionary<String, Object> props = new Hashtable<>(settings.configured());
        props.put(GeneratorConfiguration.PID, pid);
        props.put(PipelineKnobs.GENERATOR.name(), generator.name());
        props.put(PipelineKnobs.RUNTIME.name(), factory.runtimeName());
        props.put(PipelineKnobs.NUM_ENVS.name(), settings.config().numEnvs());
        props.put(ServiceKnobs.SEED.name(), settings.seed());
        props.put(TrackGenServices.SOURCE, generators.get(generator));
        ServiceRegistration<TrackGenerator> registration = context.registerService(TrackGenerator.class, factory, props);
        published = new Published(registration, factory, generator, present.provider(factory.runtimeName()));
        report("info", "registered a TrackGenerator (generator " + generator.name() + ", runtime " + factory.runtimeName()
                + ", num_envs " + settings.config().numEnvs() + ", seed " + settings.seed() + ")");
    }

    /** Unregisters (consumers' generators close after a call in progress) and closes the unused one. */
    private void withdraw(Published gone, String why) {
        if (gone == null) {
            return;
        }
        try {
            gone.registration().unregister();
        } catch (IllegalStateException alreadyGone) {
            // the framework unregistered it (our bundle is stopping)
        }
        gone.factory().closeUnused();
        synchronized (this) {
            lastReport = null;
        }
        log.log("info", "TrackGen configuration " + pid + ": TrackGenerator withdrawn: " + why);
    }

    /** Logs a state once (served: info, waiting for a plugin: warn, refused: error); not repeated while it holds. */
    private void report(String level, String what) {
        String line = "TrackGen configuration " + pid + " " + what;
        if (line.equals(lastReport)) {
            return;
        }
        lastReport = line;
        log.log(level, line);
    }

    private static String names(Map<CenterlineGenerator, String> present) {
        TreeSet<String> sorted = new TreeSet<>();
        for (CenterlineGenerator g : present.keySet()) {
            sorted.add(g.name());
        }
        return String.join(", ", sorted);
    }

    private static String source(Map<String, Object> serviceProperties) {
        Object s = serviceProperties.get(TrackGenServices.SOURCE);
        return s instanceof String str && !str.isBlank() ? str : "an OSGi service";
    }
}
