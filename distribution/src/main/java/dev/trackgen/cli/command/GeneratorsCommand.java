package dev.trackgen.cli.command;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.wiring.Platform;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code trackgen generators}: every registered generator (capturable flag, whether it has CUDA
 * bodies, where it came from, description), the registered runtimes, and any plugin that failed
 * to load.
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
        Platform platform = Platform.forListing(context, false);
        GeneratorRegistry generators = platform.generators();
        RuntimeRegistry runtimes = platform.runtimes();
        PrintWriter out = context.console().out();

        TextTable g = new TextTable("GENERATOR", "CAPTURABLE", "CUDA", "SOURCE", "DESCRIPTION");
        for (GeneratorEntry e : generators.entries()) {
            CenterlineGenerator gen = e.generator();
            g.row(e.name(), gen.capturable() ? "yes" : "no", cudaBodies(gen), e.source(), gen.description());
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

        List<String> problems = new ArrayList<>(platform.plugins().problems());
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

    /**
     * @param gen a generator
     * @return {@code device} when every kernel names a PTX module that its jar holds (on
     *         {@code --runtime cuda} it runs on the GPU), {@code host} when some kernel has a Java
     *         body only (it runs on the CPU there and its centerlines are uploaded), {@code no PTX}
     *         when the kernels name PTX that this build did not package (built without nvcc)
     */
    static String cudaBodies(CenterlineGenerator gen) {
        for (Kernel k : gen.kernels()) {
            if (k.cudaModule() == null) {
                return "host";
            }
        }
        for (Kernel k : gen.kernels()) {
            if (!packaged(k)) {
                return "no PTX";
            }
        }
        return "device";
    }

    private static boolean packaged(Kernel k) {
        Class<?> owner = k.getClass();
        String path = k.cudaModule();
        try {
            InputStream in = owner.getModule().isNamed() ? owner.getModule().getResourceAsStream(path) : null;
            if (in == null) {
                ClassLoader cl = owner.getClassLoader();
                in = cl != null ? cl.getResourceAsStream(path) : ClassLoader.getSystemResourceAsStream(path);
            }
            if (in == null) {
                return false;
            }
            in.close();
            return true;
        } catch (IOException ex) {
            return false;
        }
    }
}
