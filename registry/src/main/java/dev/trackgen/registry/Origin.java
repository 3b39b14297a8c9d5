package dev.trackgen.registry;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;

/** Describes where a plugin class came from, for listings and error messages. */
final class Origin {
    private Origin() {
    }

    /**
     * @param type a plugin class
     * @return its named module ("module dev.trackgen.generators"), else its jar or folder path,
     *         else "unknown"
     */
    static String of(Class<?> type) {
        Module m = type.getModule();
        String location = location(type);
        if (m.isNamed()) {
            return "module " + m.getName() + (location != null ? " (" + location + ")" : "");
        }
        return location != null ? location : "unknown";
    }

    private static String location(Class<?> type) {
        try {
            CodeSource cs = type.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null) {
                return null;
            }
            if ("file".equals(cs.getLocation().getProtocol())) {
                Path p = Path.of(cs.getLocation().toURI());
                // a jar is named by its file; a class folder (a development build) by its full path
                return java.nio.file.Files.isDirectory(p) ? p.toString() : p.getFileName().toString();
            }
            return cs.getLocation().toString();
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
