package dev.trackgen.cli.config;

import dev.trackgen.cli.Main;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Decides which folder plugin jars are loaded from. The first of these that is set wins:
 * <ol>
 *   <li>the global option {@code --plugins DIR};</li>
 *   <li>the environment variable {@value #ENV};</li>
 *   <li>the packaged product's own {@code plugins/} folder, the sibling of the {@code lib/} folder
 *       that holds the CLI jar (so it is found on the module path and on the class path alike);</li>
 *   <li>none (for example when running from a development build).</li>
 * </ol>
 * Blank values count as unset. A folder named by the option or the variable must exist.
 */
public final class PluginFolderSelector {
    /** Environment variable naming the plugin folder. */
    public static final String ENV = "TRACKGEN_PLUGINS";

    private final Settings settings;
    private final Path productFolder;

    /** @param settings where environment variables are read */
    public PluginFolderSelector(Settings settings) {
        this(settings, productPluginsFolder(Main.class));
    }

    /**
     * @param settings      where environment variables are read
     * @param productFolder the product's own plugins folder, or {@code null}
     */
    public PluginFolderSelector(Settings settings, Path productFolder) {
        this.settings = settings;
        this.productFolder = productFolder;
    }

    /**
     * @param option the {@code --plugins} value, or {@code null}
     * @return the folder and what chose it
     */
    public PluginFolderChoice choose(Path option) {
        if (option != null && !option.toString().isBlank()) {
            return new PluginFolderChoice(option, "--plugins " + option, true);
        }
        String env = settings.env(ENV);
        if (env != null && !env.isBlank()) {
            return new PluginFolderChoice(Path.of(env.strip()), "environment variable " + ENV, true);
        }
        if (productFolder != null) {
            return new PluginFolderChoice(productFolder, "the product's plugins folder", false);
        }
        return PluginFolderChoice.NONE;
    }

    /**
     * @param anchor a class of the CLI
     * @return {@code <product>/plugins} when {@code anchor} was loaded from a jar in
     *         {@code <product>/lib} and that folder exists, else {@code null}
     */
    public static Path productPluginsFolder(Class<?> anchor) {
        try {
            CodeSource cs = anchor.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null || !"file".equals(cs.getLocation().getProtocol())) {
                return null;
            }
            Path jar = Path.of(cs.getLocation().toURI());
            Path lib = jar.getParent();
            if (!Files.isRegularFile(jar) || lib == null || lib.getFileName() == null
                    || !lib.getFileName().toString().equals("lib") || lib.getParent() == null) {
                return null;
            }
            Path plugins = lib.getParent().resolve("plugins");
            return Files.isDirectory(plugins) ? plugins : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
