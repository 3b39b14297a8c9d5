package dev.trackgen.cli.command;

import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.Console;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.job.GenerateRequest;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How {@code generate}'s command line becomes a {@link GenerateRequest}. */
class GenerateCommandParsingTest {
    private final CliContext context = new CliContext(
            new Console(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())),
            Settings.of(Map.of(), Map.of()));

    private GenerateRequest parse(String... args) {
        GenerateCommand cmd = new GenerateCommand(context);
        new CommandLine(cmd).parseArgs(args);
        return cmd.request();
    }

    @Test
    void defaults() {
        GenerateRequest r = parse();
        assertNull(r.configFile());
        assertNull(r.overrides().generator());
        assertNull(r.overrides().numEnvs());
        assertNull(r.overrides().runtime());
        assertEquals(List.of(), r.overrides().sets());
        assertEquals(0, r.seed());
        assertEquals(0, r.threads());
        assertNull(r.out());
        assertNull(r.preview());
        assertEquals(36, r.previewTracks());
        assertFalse(r.compress() || r.json() || r.quiet());
    }

    @Test
    void everyOption() {
        GenerateRequest r = parse("--generator", "bezier", "--envs", "4096", "--seed", "-7", "--out", "t.npz",
                "--preview", "t.png", "--config", "c.yaml", "--set", "half_width=0.12", "--set", "rad_range=0.1,0.3",
                "--runtime", "cpu", "--threads", "3", "--preview-tracks", "9", "--compress", "--json", "--quiet");
        assertEquals(Path.of("c.yaml"), r.configFile());
        assertEquals("bezier", r.overrides().generator());
        assertEquals(4096, r.overrides().numEnvs());
        assertEquals("cpu", r.overrides().runtime());
        assertEquals(List.of(new KnobAssignment("half_width", "0.12"), new KnobAssignment("rad_range", "0.1,0.3")),
                r.overrides().sets());
        assertEquals(-7, r.seed());
        assertEquals(3, r.threads());
        assertEquals(Path.of("t.npz"), r.out());
        assertEquals(Path.of("t.png"), r.preview());
        assertEquals(9, r.previewTracks());
        assertTrue(r.compress() && r.json() && r.quiet());
    }

    @Test
    void setSplitsAtTheFirstEquals() {
        assertEquals(new KnobAssignment("generator", "a=b"), parse("--set", "generator=a=b").overrides().sets().get(0));
        assertEquals(new KnobAssignment("spacing", ""), parse("--set", "spacing=").overrides().sets().get(0));
    }

    @Test
    void setWithoutEqualsIsRejected() {
        CliException e = assertThrows(CliException.class, () -> parse("--set", "half_width"));
        assertEquals("--set expects knob=value, got 'half_width' (no '=')", e.getMessage());
        CliException noName = assertThrows(CliException.class, () -> parse("--set", "=3"));
        assertEquals("--set expects knob=value, got '=3' (no knob name before '=')", noName.getMessage());
    }

    @Test
    void outOfRangeLocalOptionsAreRejected() {
        assertTrue(assertThrows(CliException.class, () -> parse("--threads", "-1")).getMessage()
                .startsWith("--threads -1: is outside the allowed range [0, "));
        assertEquals("--preview-tracks 0: must be between 1 and 400",
                assertThrows(CliException.class, () -> parse("--preview-tracks", "0")).getMessage());
    }

    @Test
    void malformedNumbersAreParameterErrors() {
        assertThrows(CommandLine.ParameterException.class, () -> parse("--envs", "many"));
        assertThrows(CommandLine.ParameterException.class, () -> parse("--seed", "1.5"));
    }
}
