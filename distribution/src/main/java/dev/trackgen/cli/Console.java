package dev.trackgen.cli;

import java.io.PrintWriter;

/**
 * The two streams of a CLI invocation: {@code out} carries results only (so {@code --json} output
 * can be piped), {@code err} carries progress and error lines.
 *
 * @param out results
 * @param err progress and errors
 */
public record Console(PrintWriter out, PrintWriter err) {
}
