package dev.trackgen.osgi.probe;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.osgi.GeneratorConfiguration;
import dev.trackgen.pipeline.TrackGenerator;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.log.LogEntry;
import org.osgi.service.log.LogReaderService;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.metatype.ObjectClassDefinition;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an operator and a consumer bundle do, as commands with JDK-typed answers:
 * {@code put NAME k=v;k=v} (create or replace the factory configuration
 * {@code dev.trackgen.generator~NAME}, values as text like a {@code .cfg} file), {@code delete NAME},
 * {@code services} (the properties of every TrackGenerator service), {@code generate NAME},
 * {@code hammer NAME} / {@code hammered} (a thread generating on one service until it is closed),
 * {@code log} (the lines dev.trackgen.osgi logged), {@code metatype} (the described properties).
 */
final class ConfigProbe implements java.util.function.Function<String, Object> {
    private final BundleContext context;
    private volatile Thread hammer;
    private final Map<String, Object> hammered = Collections.synchronizedMap(new LinkedHashMap<>());

    ConfigProbe(BundleContext context) {
        this.context = context;
    }

    @Override
    public Object apply(String command) {
        String[] w = command.split(" ", 3);
        try {
            switch (w[0]) {
                case "put":
                    return put(w[1], w.length > 2 ? w[2] : "");
                case "delete":
                    configuration(w[1]).delete();
                    return "deleted";
                case "services":
                    return services();
                case "generate":
                    return generate(w[1]);
                case "hammer":
                    return hammer(w[1]);
                case "hammered":
                    hammer.join(30_000);
                    return new LinkedHashMap<>(hammered);
                case "log":
                    return log();
                case "metatype":
                    return metatype();
                default:
                    return "unknown command " + command;
            }
        } catch (IOException | InvalidSyntaxException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private Configuration configuration(String name) throws IOException {
        ServiceReference<ConfigurationAdmin> ref = context.getServiceReference(ConfigurationAdmin.class);
        ConfigurationAdmin admin = context.getService(ref);
        try {
            return admin.getFactoryConfiguration(GeneratorConfiguration.FACTORY_PID, name, "?");
        } finally {
            context.ungetService(ref);
        }
    }

    private String put(String name, String properties) throws IOException {
        Dictionary<String, Object> d = new Hashtable<>();
        for (String kv : properties.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                d.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        Configuration c = configuration(name);
        c.update(d);
        return c.getPid();
    }

    private List<Map<String, Object>> services() throws InvalidSyntaxException {
        List<Map<String, Object>> out = new ArrayList<>();
        ServiceReference<?>[] refs = context.getAllServiceReferences(TrackGenerator.class.getName(), null);
        if (refs != null) {
            for (ServiceReference<?> r : refs) {
                Map<String, Object> p = new LinkedHashMap<>();
                for (String k : r.getPropertyKeys()) {
                    Object v = r.getProperty(k);
                    p.put(k, v instanceof String || v instanceof Number || v instanceof Boolean ? v : String.valueOf(v));
                }
                out.add(p);
            }
        }
        return out;
    }

    private ServiceReference<TrackGenerator> reference(String name) throws InvalidSyntaxException {
        String filter = "(" + GeneratorConfiguration.PID + "=" + GeneratorConfiguration.FACTORY_PID + "~" + name + ")";
        List<ServiceReference<TrackGenerator>> refs = new ArrayList<>(context.getServiceReferences(TrackGenerator.class, filter));
        return refs.isEmpty() ? null : refs.get(0);
    }

    private Map<String, Object> generate(String name) throws InvalidSyntaxException {
        Map<String, Object> out = new LinkedHashMap<>();
        ServiceReference<TrackGenerator> ref = reference(name);
        if (ref == null) {
            out.put("error", "no service");
            return out;
        }
        TrackGenerator tg = context.getService(ref);
        try {
            TrackSnapshot s = tg.generate().snapshot();
            out.put("valid", s.validCount());
            out.put("envs", s.numEnvs());
            out.put("generator", tg.generator().name());
            out.put("runtime", tg.runtime().name());
            out.put("relax_tol", tg.config().get("relax_tol"));
        } finally {
            context.ungetService(ref);
        }
        return out;
    }

    /** Starts a thread that generates on the service until the generator is closed under it. */
    private String hammer(String name) throws InvalidSyntaxException, InterruptedException {
        ServiceReference<TrackGenerator> ref = reference(name);
        TrackGenerator tg = context.getService(ref);
        hammered.clear();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        hammer = new Thread(() -> {
            int calls = 0;
            try {
                while (true) {
                    int valid = tg.generate().snapshot().validCount();
                    calls++;
                    hammered.put("lastValid", valid);
                    started.countDown();
                }
            } catch (IllegalStateException closed) {
                hammered.put("closed", String.valueOf(closed.getMessage()));
            } catch (RuntimeException other) {
                hammered.put("error", other.toString());
            } finally {
                hammered.put("calls", calls);
                started.countDown();
            }
        }, "probe-hammer");
        hammer.start();
        started.await();
        return "started";
    }

    private List<String> log() {
        ServiceReference<LogReaderService> ref = context.getServiceReference(LogReaderService.class);
        LogReaderService reader = context.getService(ref);
        List<String> lines = new ArrayList<>();
        try {
            for (Enumeration<LogEntry> e = reader.getLog(); e.hasMoreElements(); ) {
                LogEntry entry = e.nextElement();
                Bundle b = entry.getBundle();
                if (b != null && "dev.trackgen.osgi".equals(b.getSymbolicName())) {
                    lines.add(entry.getLogLevel() + " " + entry.getMessage());
                }
            }
        } finally {
            context.ungetService(ref);
        }
        Collections.reverse(lines); // oldest first
        return lines;
    }

    private List<String> metatype() {
        ServiceReference<MetaTypeService> ref = context.getServiceReference(MetaTypeService.class);
        MetaTypeService metatype = context.getService(ref);
        List<String> out = new ArrayList<>();
        try {
            Bundle glue = null;
            for (Bundle b : context.getBundles()) {
                if ("dev.trackgen.osgi".equals(b.getSymbolicName())) {
                    glue = b;
                }
            }
            ObjectClassDefinition ocd = metatype.getMetaTypeInformation(glue)
                    .getObjectClassDefinition(GeneratorConfiguration.FACTORY_PID, null);
            for (AttributeDefinition a : ocd.getAttributeDefinitions(ObjectClassDefinition.ALL)) {
                String[] d = a.getDefaultValue();
                out.add(a.getID() + "|" + a.getType() + "|" + (d == null ? "" : String.join(",", d)) + "|"
                        + a.validate("-1e9"));
            }
        } finally {
            context.ungetService(ref);
        }
        return out;
    }
}
