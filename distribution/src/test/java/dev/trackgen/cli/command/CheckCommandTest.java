package dev.trackgen.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.cli.CliRun;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code trackgen check}: a short search end to end, its report, and its bad input. */
class CheckCommandTest {

    @Test
    void aShortSearchReportsEveryTrackAndNoCounterExample() throws Exception {
        CliRun run = CliRun.run("check", "--tracks", "120", "--seed", "5", "--generator", "polar,bezier",
                "--max-envs", "40", "--json", "-q");
        assertEquals(0, run.code(), run::toString);
        JsonNode r = new ObjectMapper().readTree(run.out());
        assertEquals(120, r.get("tracks").asLong());
        assertEquals(0, r.get("valid_but_broken").asLong());
        assertEquals(0, r.get("layout_broken").asLong());
        assertTrue(r.get("configurations").asLong() >= 3, run::toString);
        long perGen = r.get("tracks_by_generator").get("polar").asLong() + r.get("tracks_by_generator").get("bezier").asLong();
        assertEquals(120, perGen);
        // the same seed draws the same search
        CliRun again = CliRun.run("check", "--tracks", "120", "--seed", "5", "--generator", "polar,bezier",
                "--max-envs", "40", "--json", "-q");
        JsonNode r2 = new ObjectMapper().readTree(again.out());
        assertEquals(r.get("valid").asLong(), r2.get("valid").asLong());
        assertEquals(r.get("rejected_but_sound").asLong(), r2.get("rejected_but_sound").asLong());
    }

    @Test
    void pinnedKnobsSearchTracksOfVaryingWidth() throws Exception {
        CliRun run = CliRun.run("check", "--tracks", "60", "--seed", "2", "--generator", "bezier", "--max-envs", "30",
                "--set", "width_profile=curvature", "--set", "half_width_min=0.06", "--json", "-q");
        assertEquals(0, run.code(), run::toString);
        JsonNode r = new ObjectMapper().readTree(run.out());
        assertEquals(60, r.get("tracks").asLong());
        assertEquals(0, r.get("valid_but_broken").asLong());
        assertTrue(r.get("valid").asLong() > 0, run::toString);
    }

    @Test
    void badInputIsOneLine() {
        for (List<String> args : List.of(List.of("--tracks", "0"), List.of("--max-envs", "0"),
                List.of("--threads", "100000"), List.of("--generator", "nope"), List.of("--set", "width_profile"),
                List.of("--set", "width_profile=nope"))) {
            String[] a = new String[args.size() + 1];
            a[0] = "check";
            for (int i = 0; i < args.size(); i++) {
                a[i + 1] = args.get(i);
            }
            CliRun run = CliRun.run(a);
            assertEquals(1, run.code(), run::toString);
            assertEquals(1, run.errLines().size(), run::toString);
            assertTrue(run.errLines().get(0).startsWith("trackgen: error: ") && !run.err().contains("internal error"),
                    run::toString);
        }
    }
}
