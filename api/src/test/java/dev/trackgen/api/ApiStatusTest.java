package dev.trackgen.api;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The API lifecycle of the whole reactor, read from its sources (docs/architecture.md, "API
 * lifecycle"): every package a module exports to everyone says its status in its package-info
 * ({@code @API(status = ..., since = ...)}); a package exported only to named sibling modules is
 * {@code INTERNAL}; and the parent POM's japicmp check covers exactly the {@code STABLE} packages.
 */
class ApiStatusTest {
    private static final Pattern EXPORT = Pattern.compile("^\\s*exports\\s+([\\w.]+)\\s*(to\\s+[^;]+)?;", Pattern.MULTILINE);
    private static final Pattern STATUS = Pattern.compile("@API\\(status\\s*=\\s*(\\w+),\\s*since\\s*=\\s*\"([^\"]+)\"\\)");

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("api/pom.xml"))) {
            p = p.getParent();
        }
        assertTrue(p != null, "the reactor root (with api/pom.xml) above " + Path.of("").toAbsolutePath());
        return p;
    }

    /** @return package -> "status since" of every exported package, "qualified" marked with a leading '>' */
    private static Map<String, String> exportedPackages(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> infos = Files.walk(root, 5)) {
            for (Path info : (Iterable<Path>) infos.filter(p -> p.endsWith("src/main/java/module-info.java"))::iterator) {
                if (root.relativize(info).startsWith("examples")) {
                    continue;
                }
                Path src = info.getParent();
                Matcher m = EXPORT.matcher(Files.readString(info));
                while (m.find()) {
                    String pkg = m.group(1);
                    Path pi = src.resolve(pkg.replace('.', '/')).resolve("package-info.java");
                    assertTrue(Files.exists(pi), "exported package " + pkg + " has no package-info.java with @API: " + pi);
                    Matcher s = STATUS.matcher(Files.readString(pi));
                    assertTrue(s.find(), pi + " carries no @API(status = ..., since = \"...\")");
                    out.put(pkg, (m.group(2) != null ? ">" : "") + s.group(1) + " " + s.group(2));
                }
            }
        }
        return out;
    }

    @Test
    void everyExportedPackageStatesItsStatusAndQualifiedOnesAreInternal() throws IOException {
        Map<String, String> exported = exportedPackages(root());
        assertTrue(exported.size() >= 10, "found the reactor's exported packages: " + exported);
        exported.forEach((pkg, status) -> {
            assertTrue(status.matches(">?(STABLE|MAINTAINED|EXPERIMENTAL|DEPRECATED|INTERNAL) 0\\.\\d+\\.\\d+"),
                    pkg + ": " + status);
            if (status.startsWith(">")) {
                assertTrue(status.startsWith(">INTERNAL"), pkg + " is exported only to siblings, so INTERNAL: " + status);
            } else {
                assertTrue(!status.startsWith("INTERNAL"), pkg + " is INTERNAL yet exported to everyone");
            }
        });
    }

    @Test
    void kernelsAreExportedOnlyByTheApiToolkit() throws IOException {
        Path root = root();
        for (String pkg : exportedPackages(root).keySet()) {
            if (pkg.startsWith("dev.trackgen.api")) {
                continue;
            }
            try (Stream<Path> dirs = Files.walk(root, 12)) {
                dirs.filter(d -> d.toString().endsWith("/src/main/java/" + pkg.replace('.', '/')))
                        .forEach(d -> {
                            try (Stream<Path> files = Files.list(d)) {
                                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                                    try {
                                        assertTrue(!Files.readString(f).contains("@KernelSignature"),
                                                f + " declares a kernel in exported package " + pkg
                                                        + ": kernels live in a package the module keeps");
                                    } catch (IOException e) {
                                        throw new java.io.UncheckedIOException(e);
                                    }
                                });
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
            }
        }
    }

    @Test
    void theCompatibilityCheckCoversExactlyTheStablePackages() throws IOException {
        Path root = root();
        Set<String> stable = new TreeSet<>();
        exportedPackages(root).forEach((pkg, status) -> {
            if (status.startsWith("STABLE")) {
                stable.add(pkg);
            }
        });
        String pom = Files.readString(root.resolve("pom.xml"));
        int at = pom.indexOf("<artifactId>japicmp-maven-plugin</artifactId>");
        assertTrue(at > 0, "the parent POM configures japicmp");
        assertEquals(stable, listed(pom, at, "include"), "japicmp's <includes> must list the STABLE packages");
        // japicmp's include covers sub-packages: every source package below a STABLE one that is
        // not STABLE itself must be excluded
        Set<String> below = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root, 12)) {
            files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/dev/"))
                    .forEach(f -> {
                        String rel = f.toString();
                        String pkg = rel.substring(rel.indexOf("/src/main/java/") + 15, rel.lastIndexOf('/')).replace('/', '.');
                        if (!stable.contains(pkg) && stable.stream().anyMatch(s -> pkg.startsWith(s + "."))) {
                            below.add(pkg);
                        }
                        if (stable.contains(pkg) && internal(f)) {
                            below.add(pkg + "." + f.getFileName().toString().replace(".java", ""));
                        }
                    });
        }
        Set<String> excluded = listed(pom, at, "exclude");
        // a module's generated kernel index is INTERNAL (KernelProcessor); it has no source to read
        excluded.removeIf(e -> e.endsWith("KernelIndex") && stable.contains(e.substring(0, e.lastIndexOf('.'))));
        assertEquals(below, excluded, "japicmp's <excludes> must list the packages below a STABLE one that are"
                + " not STABLE and the types of STABLE packages marked INTERNAL");
    }

    private static boolean internal(Path source) {
        try {
            return Pattern.compile("^@API\\(status = INTERNAL", Pattern.MULTILINE).matcher(Files.readString(source)).find();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Set<String> listed(String pom, int from, String element) {
        String block = pom.substring(pom.indexOf("<" + element + "s>", from), pom.indexOf("</" + element + "s>", from));
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("<" + element + ">([\\w.]+)</" + element + ">").matcher(block);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
