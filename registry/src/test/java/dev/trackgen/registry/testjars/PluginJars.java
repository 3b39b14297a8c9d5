package dev.trackgen.registry.testjars;

import dev.trackgen.api.generator.CenterlineGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.spi.ToolProvider;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Builds small plugin jars for tests: compiles Java sources against the api and packs them. Shared
 * with the distribution module's tests through this module's test jar.
 */
public final class PluginJars {
    private PluginJars() {
    }

    /** A generator plugin whose body is {@code extra} (constructor, overrides) and whose name is {@code name}. */
    public static String generatorSource(String pkg, String cls, String name, String extra) {
        return "package " + pkg + ";\n"
                + "import dev.trackgen.api.config.TrackGenConfig;\n"
                + "import dev.trackgen.api.generator.*;\n"
                + "import dev.trackgen.api.runtime.*;\n"
                + "import java.util.List;\n"
                + "public class " + cls + " implements CenterlineGenerator {\n"
                + extra + "\n"
                + "  public String name() { return \"" + name + "\"; }\n"
                + "  public List<Kernel> kernels() { return List.of(); }\n"
                + "  public GeneratorScratch allocateScratch(ComputeRuntime r, TrackGenConfig c) { return new GeneratorScratch() { }; }\n"
                + "  public void generate(ComputeRuntime r, I32Array s, TrackGenConfig c, Vec2Array o, I32Array v, GeneratorScratch x) { }\n"
                + "}\n";
    }

    /**
     * @param jar      the jar to write
     * @param sources  fully qualified class name to source
     * @param services service interface name to provider class names (META-INF/services)
     * @return the jar
     */
    public static Path jar(Path jar, Map<String, String> sources, Map<String, List<String>> services) {
        try {
            Path work = Files.createTempDirectory(jar.getParent(), "src");
            Path src = work.resolve("src");
            Path out = work.resolve("classes");
            Files.createDirectories(out);
            List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-cp", apiLocation().toString(),
                    "--release", "17", "-proc:none"));
            for (Map.Entry<String, String> e : sources.entrySet()) {
                Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
                Files.createDirectories(f.getParent());
                Files.writeString(f, e.getValue());
                args.add(f.toString());
            }
            if (!sources.isEmpty()) {
                ToolProvider javac = ToolProvider.findFirst("javac")
                        .orElseThrow(() -> new IllegalStateException("tests need a JDK (javac)"));
                StringWriter diag = new StringWriter();
                PrintWriter pw = new PrintWriter(diag);
                int rc = javac.run(pw, pw, args.toArray(String[]::new));
                if (rc != 0) {
                    throw new IllegalStateException("test plugin did not compile:\n" + diag);
                }
            }
            try (OutputStream os = Files.newOutputStream(jar); JarOutputStream jos = new JarOutputStream(os)) {
                try (Stream<Path> files = Files.walk(out)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        jos.putNextEntry(new JarEntry(out.relativize(f).toString().replace('\\', '/')));
                        jos.write(Files.readAllBytes(f));
                        jos.closeEntry();
                    }
                }
                for (Map.Entry<String, List<String>> e : services.entrySet()) {
                    jos.putNextEntry(new JarEntry("META-INF/services/" + e.getKey()));
                    jos.write((String.join("\n", e.getValue()) + "\n").getBytes(StandardCharsets.UTF_8));
                    jos.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A generator plugin jar: one class, listed in META-INF/services. */
    public static Path generatorJar(Path jar, String fqcn, String name, String extra) {
        int dot = fqcn.lastIndexOf('.');
        String source = generatorSource(fqcn.substring(0, dot), fqcn.substring(dot + 1), name, extra);
        return jar(jar, Map.of(fqcn, source), Map.of(CenterlineGenerator.class.getName(), List.of(fqcn)));
    }

    /** Where the api classes are (a jar or a classes folder). */
    public static Path apiLocation() {
        try {
            return Path.of(CenterlineGenerator.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
