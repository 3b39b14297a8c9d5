package dev.trackgen.cli.command;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.output.PngPath;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.cli.output.ProgressFigure;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code trackgen progress-figure}: a scripted agent drives one generated track through the
 * course module's progress tracker; writes the figure of docs/course.md (path colored by
 * progress, the {@code dist_to_next} sawtooth below).
 */
@Command(name = "progress-figure", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Drives a scripted agent round one generated track through the progress tracker and writes "
                + "a PNG: its path colored by progress over the checkpoints, and dist_to_next per step (docs/course.md)."})
final class ProgressFigureCommand implements Callable<Integer> {
    private final CliContext context;

    @Option(names = "--generator", paramLabel = "NAME", defaultValue = "bezier",
            description = "Centerline generator (default: ${DEFAULT-VALUE}).")
    String generator;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "Seed of the track (default: ${DEFAULT-VALUE}).")
    int seed;

    @Option(names = "--laps", paramLabel = "N", defaultValue = "2", description = "Laps to drive, 1 to 20 (default: ${DEFAULT-VALUE}).")
    int laps;

    @Option(names = "--out", paramLabel = "FILE.png", required = true, description = "The PNG to write.")
    Path out;

    ProgressFigureCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        PngPath.require("--out", out);
        if (laps < 1 || laps > 20) {
            throw new CliException("--laps " + laps + ": must be between 1 and 20");
        }
        TrackGenConfig config = TrackGenConfig.builder().generator(generator).numEnvs(1).runtime("cpu").build();
        try (OutputTransaction output = new OutputTransaction();
             TrackGenerator gen = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(1, seed)).build()) {
            Path tmp = output.stage("--out", out);
            Track track = gen.generate();
            if (track.snapshot().validCount() == 0) {
                throw new CliException("the " + generator + " track of seed " + seed + " is invalid; try another --seed");
            }
            String title = String.format(Locale.ROOT, "%s, seed %d: a scripted agent, %d laps, checkpoints every 5 "
                    + "half-widths", generator, seed, laps);
            OutputTransaction.write("--out", out, tmp, staged -> new PreviewRenderer()
                    .write(ProgressFigure.render(track, config.halfWidth(), 0, laps, title), staged));
            output.commit();
        }
        context.console().println("wrote " + out);
        return 0;
    }
}
