package dev.trackgen.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Supplies {@code trackgen --version}: the product version (filtered in at build time) and the Java runtime. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    /** Creates the provider (picocli instantiates it). */
    public VersionProvider() {
    }

    /** @return the product version, for example {@code 0.1.0-SNAPSHOT} */
    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "trackgen " + version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                    + System.getProperty("java.vendor") + "), " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch")
        };
    }
}
