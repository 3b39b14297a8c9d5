package dev.trackgen.cli.command;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.wiring.Platform;
import dev.trackgen.gates.GateKnobs;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code trackgen knobs [PREFIX]}: every knob (the pipeline's, then each registered generator's,
 * built-in or plugin, in registration order, each marked with the generator that declares it first,
 * then the gate knobs of {@code trackgen gates}, marked so) with its type, default, allowed values
 * and description, optionally only those whose name starts with a prefix.
 */
@Command(name = "knobs", mixinStandardHelpOptions = true,
        description = "Lists every configuration knob: name, type, default, allowed values, description.")
final class KnobsCommand implements Callable<Integer> {
    private final CliContext context;

    @Parameters(arity = "0..1", paramLabel = "PREFIX", description = "Only knobs whose name starts with this.")
    String prefix;

    KnobsCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        Map<Knob<?>, String> knobs = new LinkedHashMap<>();
        for (Knob<?> k : PipelineKnobs.all()) {
            knobs.put(k, "");
        }
        GeneratorRegistry generators = Platform.forListing(context, true).generators();
        for (GeneratorEntry e : generators.inRegistrationOrder()) {
            for (Knob<?> k : e.generator().knobs()) {
                knobs.putIfAbsent(k, " [generator " + e.name() + "]");
            }
        }
        String p = prefix == null ? "" : prefix;
        TextTable table = new TextTable("NAME", "TYPE", "DEFAULT", "ALLOWED", "DESCRIPTION");
        int shown = 0;
        for (Map.Entry<Knob<?>, String> e : knobs.entrySet()) {
            Knob<?> k = e.getKey();
            if (k.name().startsWith(p)) {
                table.row(k.name(), k.typeName(), format(k), k.allowed(), k.description() + e.getValue());
                shown++;
            }
        }
        // the gate knobs of 'trackgen gates' (--set / --config there); some share a track knob's name (z_*)
        for (GateKnobs.GateKnob k : GateKnobs.all()) {
            if (k.name().startsWith(p)) {
                table.row(k.name(), k.type(), k.defaultValue(), k.allowed(), k.description() + " [trackgen gates]");
                shown++;
            }
        }
        if (shown == 0) {
            throw new CliException("no knob name starts with '" + p + "' (run 'trackgen knobs' for all of them)");
        }
        PrintWriter out = context.console().out();
        out.print(table.render());
        out.flush();
        return 0;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String format(Knob k) {
        return k.format(k.defaultValue());
    }
}
