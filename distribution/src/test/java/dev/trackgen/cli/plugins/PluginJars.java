package dev.trackgen.cli.plugins;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Plugin jars for the product's tests: generator jars come from the registry module's
 * {@link dev.trackgen.registry.testjars.PluginJars} (shared through its test jar); this adds a runtime
 * plugin and the example plugin's jar.
 */
public final class PluginJars {
    private PluginJars() {
    }

    /** @see dev.trackgen.registry.testjars.PluginJars#generatorJar */
    public static Path generatorJar(Path jar, String fqcn, String name, String extra) {
        return dev.trackgen.registry.testjars.PluginJars.generatorJar(jar, fqcn, name, extra);
    }

    /** @see dev.trackgen.registry.testjars.PluginJars#jar */
    public static Path jar(Path jar, Map<String, String> sources, Map<String, List<String>> services) {
        return dev.trackgen.registry.testjars.PluginJars.jar(jar, sources, services);
    }

    /** @see dev.trackgen.registry.testjars.PluginJars#generatorSource */
    public static String generatorSource(String pkg, String cls, String name, String extra) {
        return dev.trackgen.registry.testjars.PluginJars.generatorSource(pkg, cls, name, extra);
    }

    /** A runtime plugin whose provider is named {@code name} and is never available. */
    public static Path runtimeJar(Path jar, String fqcn, String name) {
        int dot = fqcn.lastIndexOf('.');
        String source = "package " + fqcn.substring(0, dot) + ";\n"
                + "import dev.trackgen.api.runtime.*;\n"
                + "public class " + fqcn.substring(dot + 1) + " implements RuntimeProvider {\n"
                + "  public String name() { return \"" + name + "\"; }\n"
                + "  public int priority() { return -1; }\n"
                + "  public String unavailableReason() { return \"needs a quantum computer\"; }\n"
                + "  public ComputeRuntime create(RuntimeOptions o) { throw new RuntimeUnavailableException(\"no\"); }\n"
                + "}\n";
        return dev.trackgen.registry.testjars.PluginJars.jar(jar, Map.of(fqcn, source),
                Map.of(dev.trackgen.api.runtime.RuntimeProvider.class.getName(), List.of(fqcn)));
    }

    /**
     * Copies the example plugin (built by the reactor before this module) into a folder.
     *
     * @param folder the plugin folder
     * @return the copied jar
     */
    public static Path copyExample(Path folder) {
        String location = System.getProperty("trackgen.example.plugin");
        if (location == null || location.isBlank() || location.startsWith("${")) {
            throw new IllegalStateException("system property trackgen.example.plugin is not set (run through Maven)");
        }
        Path source = Path.of(location);
        try {
            Files.createDirectories(folder);
            if (Files.isDirectory(source)) {
                // the reactor resolved the example to its classes folder (a build that stopped before package)
                Path jar = folder.resolve("trackgen-example-noisy-ellipse.jar");
                try (OutputStream os = Files.newOutputStream(jar); JarOutputStream jos = new JarOutputStream(os);
                     Stream<Path> files = Files.walk(source)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        jos.putNextEntry(new JarEntry(source.relativize(f).toString().replace('\\', '/')));
                        jos.write(Files.readAllBytes(f));
                        jos.closeEntry();
                    }
                }
                return jar;
            }
            return Files.copy(source, folder.resolve(source.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
