package dev.trackgen.cli;

import dev.trackgen.api.config.Knob;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code generators}, {@code knobs}, {@code --version} and {@code --help}. */
class ListingCommandsTest {

    @Test
    void generatorsListsBezierWithItsSourceAndTheCpuRuntime() {
        CliRun run = CliRun.run("generators");
        assertEquals(0, run.code(), run::toString);
        List<String> lines = run.outLines();
        assertTrue(lines.get(0).matches("GENERATOR +CAPTURABLE +CUDA +SOURCE +DESCRIPTION"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.matches("bezier +yes +(device|no PTX) +\\S.*(trackgen-generators|generators).* +\\S.*")),
                run.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("cpu +0 +available")), run.out());
        assertTrue(!run.out().contains("PROBLEMS"), "no plugin problems expected: " + run.out());
    }

    @Test
    void knobsListsEveryBuiltInKnob() {
        CliRun run = CliRun.run("knobs");
        assertEquals(0, run.code(), run::toString);
        assertEquals(BuiltinKnobs.all().size() + dev.trackgen.gates.GateKnobs.all().size() + 1, run.outLines().size(),
                "header plus one line per knob, the gate knobs of 'trackgen gates' included");
        for (Knob<?> k : BuiltinKnobs.all()) {
            assertTrue(run.out().contains(System.lineSeparator() + k.name() + " "), k.name());
        }
        String halfWidth = run.outLines().stream().filter(l -> l.startsWith("half_width ")).findFirst().orElseThrow();
        assertTrue(halfWidth.matches("half_width +float +0\\.1 +finite numbers in \\(0, \\+inf\\) +Road half-width.*"),
                halfWidth);
        String spacing = run.outLines().stream().filter(l -> l.startsWith("spacing ")).findFirst().orElseThrow();
        assertTrue(spacing.matches("spacing +float +auto +.*, or auto +.*"), spacing);
    }

    @Test
    void knobsFiltersByPrefix() {
        CliRun run = CliRun.run("knobs", "relax_");
        assertEquals(0, run.code(), run::toString);
        List<String> rows = run.outLines().subList(1, run.outLines().size());
        assertTrue(rows.size() >= 10, run.out());
        assertTrue(rows.stream().allMatch(l -> l.startsWith("relax_")), run.out());
    }

    @Test
    void versionAndHelp() {
        CliRun version = CliRun.run("--version");
        assertEquals(0, version.code());
        assertTrue(version.outLines().get(0).matches("trackgen \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), version.out());
        CliRun help = CliRun.run("--help");
        assertEquals(0, help.code());
        for (String cmd : List.of("generate", "generators", "knobs")) {
            assertTrue(help.out().contains(cmd), cmd);
        }
        CliRun generateHelp = CliRun.run("generate", "--help");
        assertEquals(0, generateHelp.code());
        for (String opt : List.of("--generator", "--envs", "--seed", "--out", "--preview", "--config", "--set",
                "--runtime", "--threads", "--json", "--verbose")) {
            assertTrue(generateHelp.out().contains(opt), opt);
        }
    }
}
