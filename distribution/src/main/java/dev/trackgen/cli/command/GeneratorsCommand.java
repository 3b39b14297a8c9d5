package dev.trackgen.cli.command;

import com.google.inject.Injector;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.wiring.Injectors;
import dev.trackgen.cli.wiring.LoadedPlugins;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code trackgen generators}: every registered generator (capturable flag, where it came from,
 * description), the registered runtimes, and any plugin that failed to load.
 */
@Command(name = "generators", mixinStandardHelpOptions = true,
        description = "Lists the registered generators and runtimes, and plugins that failed to load.")
final class GeneratorsCommand implements Callable<Integer> {
    private final CliContext context;

    GeneratorsCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        Injector injector = Injectors.forListing(context, false);
        GeneratorRegistry generators = injector.getInstance(GeneratorRegistry.class);
        RuntimeRegistry runtimes = injector.getInstance(RuntimeRegistry.class);
        PrintWriter out = context.console().out();

        TextTable g = new TextTable("GENERATOR", "CAPTURABLE", "SOURCE", "DESCRIPTION");
        for (GeneratorEntry e : generators.entries()) {
            CenterlineGenerator gen = e.generator();
            g.row(e.name(), gen.capturable() ? "yes" : "no", e.source(), gen.description());
        }
        out.print(generators.entries().isEmpty() ? "no generators registered" + System.lineSeparator() : g.render());
        out.println();

        TextTable r = new TextTable("RUNTIME", "PRIORITY", "STATUS");
        for (String name : runtimes.available()) {
            RuntimeProvider p = runtimes.provider(name);
            String reason = p.unavailableReason();
            r.row(name, Integer.toString(p.priority()), reason == null ? "available" : "unavailable: " + reason);
        }
        out.print(runtimes.available().isEmpty() ? "no runtimes registered" + System.lineSeparator() : r.render());

        List<String> problems = new ArrayList<>(injector.getInstance(LoadedPlugins.class).problems());
        problems.addAll(generators.problems());
        problems.addAll(runtimes.problems());
        if (!problems.isEmpty()) {
            out.println();
            out.println("PROBLEMS");
            for (String p : problems) {
                out.println("  " + p);
            }
        }
        out.flush();
        return 0;
    }
}
