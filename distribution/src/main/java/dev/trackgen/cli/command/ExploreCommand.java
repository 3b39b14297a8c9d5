package dev.trackgen.cli.command;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.explore.ExploreEngine;
import dev.trackgen.cli.explore.ExploreLimits;
import dev.trackgen.cli.explore.ExploreServer;
import dev.trackgen.cli.explore.KnobCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * {@code trackgen explore}: a local web page to tune a generator by looking (docs/explore.md).
 * Serves the page and its API until interrupted.
 */
@Command(name = "explore", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serves a local web page with every knob of the pipeline and of the chosen generator: "
                + "a change regenerates the batch and redraws its tracks, metrics and histograms.",
            "Listens on the loopback address only unless --host says otherwise, and prints the page's URL with "
                + "the token its batch requests need; stop it with Ctrl-C."})
final class ExploreCommand implements Callable<Integer> {
    private final CliContext context;

    @Option(names = "--port", paramLabel = "N", defaultValue = "8642",
            description = "TCP port (default: ${DEFAULT-VALUE}; 0 = any free port).")
    int port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only); another one serves "
                    + "the network, batches still needing the printed token.")
    String host;

    @Option(names = "--generator", paramLabel = "NAME",
            description = "Generator the page starts with; default: config, else bezier.")
    String generator;

    @Option(names = "--envs", paramLabel = "E", defaultValue = "64",
            description = "Batch size the page starts with (default: ${DEFAULT-VALUE}).")
    int envs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Base seed the page starts with (default: ${DEFAULT-VALUE}).")
    int seed;

    @Option(names = "--max-envs", paramLabel = "E", defaultValue = "1024",
            description = "Largest batch a request may ask for (default: ${DEFAULT-VALUE}).")
    int maxEnvs;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Mixin
    EvaluationOptions options = new EvaluationOptions();

    ExploreCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws InterruptedException {
        if (threads.threads < 0) {
            throw new CliException("--threads " + threads.threads + ": must be >= 0 (0 = one per processor)");
        }
        if (port < 0 || port > 65535) {
            throw new CliException("--port " + port + ": must be between 0 and 65535");
        }
        if (maxEnvs < 1 || maxEnvs > ExploreLimits.MAX_ENVS_CEILING) {
            throw new CliException("--max-envs " + maxEnvs + ": must be between 1 and " + ExploreLimits.MAX_ENVS_CEILING);
        }
        if (envs > maxEnvs) {
            throw new CliException("--envs " + envs + ": larger than --max-envs " + maxEnvs);
        }
        try (EvaluationSession session = new EvaluationSession(context, options, threads.threads)) {
            TrackGenConfig base = session.config(generator, envs);
            ExploreLimits limits = ExploreLimits.withMaxEnvs(maxEnvs);
            ObjectNode defaults = JsonNodeFactory.instance.objectNode();
            defaults.put("generator", base.generator());
            defaults.put("envs", base.numEnvs());
            defaults.put("seed", seed);
            try (ExploreEngine engine = new ExploreEngine(session.launcher(), session.runtime(),
                    session.runtimeChoice(), limits);
                 ExploreServer server = ExploreServer.start(engine,
                         new KnobCatalog(session.generators()).schema(base, defaults, limits), host, port)) {
                Thread hook = new Thread(server::close, "trackgen-explore-stop");
                Runtime.getRuntime().addShutdownHook(hook);
                PrintWriter out = context.console().out();
                out.println("TrackGen explorer: " + server.uri() + " (" + session.runtime().name()
                        + " runtime; Ctrl-C stops it)");
                out.flush();
                server.join();
            }
        }
        return 0;
    }
}
