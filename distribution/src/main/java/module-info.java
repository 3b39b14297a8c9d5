/**
 * The {@code trackgen} command-line product: picocli commands, the Guice module that wires what is
 * chosen by configuration (plugins, registries, the compute runtime), and the NPZ and PNG outputs.
 *
 * <p>Generators and runtimes are not required here: they are service providers found by the
 * registry module's {@code uses} clauses, so any plugin module on the module path is bound in.
 */
module dev.trackgen.cli {
    requires dev.trackgen.pipeline;
    requires dev.trackgen.registry;
    requires dev.trackgen.metrics;
    requires dev.trackgen.export;
    requires dev.trackgen.course;
    requires dev.trackgen.gates;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    // Config files are read with SnakeYAML directly: it resolves aliases and sees every document.
    requires org.yaml.snakeyaml;
    requires com.google.guice;
    requires jakarta.inject;
    // org.jetbrains.bio:npy has neither a module descriptor nor an Automatic-Module-Name, so its
    // module name is derived from the jar file name (npy-0.3.5.jar -> npy).
    requires npy;
    // npy is written in Kotlin; as an automatic module it cannot require the Kotlin standard
    // library (an explicit module, kotlin.stdlib), so this module pulls it into the graph.
    requires kotlin.stdlib;
    requires java.desktop;
    // trackgen explore: the embedded HTTP server (Jetty's core API, no servlets).
    requires org.eclipse.jetty.server;

    // A product, not a library: nothing is exported (the launcher runs dev.trackgen.cli.Main by
    // name); reflection is allowed only to the libraries that need it.
    // picocli reads and writes the annotated option fields of the commands reflectively.
    opens dev.trackgen.cli to info.picocli;
    opens dev.trackgen.cli.command to info.picocli;
    // Guice calls PlatformModule's @Provides methods and AppResources' @Inject constructor reflectively.
    opens dev.trackgen.cli.wiring to com.google.guice;
}
