package dev.trackgen.export;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The registry of {@link ExportFormat}s: what {@link ServiceLoader} finds through the export
 * module's class loader, loaded once. The built-in formats come first, in their fixed order
 * ({@code f1tenth, tum, deepracer, gltf, obj, fsds, fssim, heightfield, mjcf, terrain}), then the plug-ins' by name; the first
 * format of a name wins.
 */
public final class ExportFormats {
    private static final String BUILT_IN_PACKAGE = ExportFormat.class.getPackageName();

    private ExportFormats() {
    }

    private static final class Loaded {
        static final List<ExportFormat> ALL = load();

        private static List<ExportFormat> load() {
            List<ExportFormat> builtIn = new ArrayList<>();
            List<ExportFormat> plugins = new ArrayList<>();
            for (ExportFormat f : ServiceLoader.load(ExportFormat.class, ExportFormat.class.getClassLoader())) {
                (f.getClass().getPackageName().equals(BUILT_IN_PACKAGE) ? builtIn : plugins).add(f);
            }
            plugins.sort(Comparator.comparing(ExportFormat::id));
            Map<String, ExportFormat> byId = new LinkedHashMap<>();
            builtIn.forEach(f -> byId.putIfAbsent(f.id(), f));
            plugins.forEach(f -> byId.putIfAbsent(f.id(), f));
            return List.copyOf(byId.values());
        }
    }

    /** @return every format, in the registry's order */
    public static List<ExportFormat> all() {
        return Loaded.ALL;
    }

    /** @return every name, comma-separated, in the registry's order */
    public static String knownNames() {
        return all().stream().map(ExportFormat::id).collect(Collectors.joining(", "));
    }

    /**
     * @param id a format's command-line name (case-insensitive, blanks around it ignored)
     * @return the format
     * @throws IllegalArgumentException naming the unknown or empty name and listing the known ones
     */
    public static ExportFormat get(String id) {
        String name = id.strip().toLowerCase(Locale.ROOT);
        for (ExportFormat f : all()) {
            if (f.id().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException((name.isEmpty() ? "empty format name" : "unknown format '" + id.strip() + "'")
                + "; known formats: " + knownNames());
    }

    /**
     * Parses a comma-separated list of names (case-insensitive, blanks around names ignored).
     *
     * @param list for example {@code "f1tenth,tum,gltf"}
     * @return the formats named, in the registry's order
     * @throws IllegalArgumentException naming the first unknown or empty name and listing the known ones
     */
    public static Set<ExportFormat> parseList(String list) {
        List<ExportFormat> named = new ArrayList<>();
        for (String raw : list.split(",", -1)) {
            named.add(get(raw));
        }
        return inOrder(named);
    }

    /**
     * @param formats some formats
     * @return them once each, in the registry's order (formats it does not hold last, in their order)
     */
    public static Set<ExportFormat> inOrder(Collection<? extends ExportFormat> formats) {
        Set<ExportFormat> out = new LinkedHashSet<>();
        for (ExportFormat f : all()) {
            if (formats.contains(f)) {
                out.add(f);
            }
        }
        out.addAll(formats);
        return out;
    }
}
