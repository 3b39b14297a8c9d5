package dev.trackgen.cli;

import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * The two streams of a CLI invocation: {@code out} carries results only (so {@code --json} output
 * can be piped), {@code err} carries progress and error lines.
 *
 * @param out results
 * @param err progress and errors
 */
public record Console(PrintWriter out, PrintWriter err) {
    /**
     * Prints a result on {@code out}, as it is, and flushes.
     *
     * @param text the result, ending with its own line separator where it needs one
     */
    public void print(String text) {
        out.print(text);
        out.flush();
    }

    /**
     * Prints a one-line result on {@code out} and flushes.
     *
     * @param line the result, without a line separator
     */
    public void println(String line) {
        out.println(line);
        out.flush();
    }

    /**
     * Prints the result of a command that has {@code --json}: one JSON line, or the human text.
     *
     * @param json     whether {@code --json} was given
     * @param jsonLine makes the JSON line (without a line separator)
     * @param text     makes the human text (with its line separators)
     */
    public void result(boolean json, Supplier<String> jsonLine, Supplier<String> text) {
        if (json) {
            println(jsonLine.get());
        } else {
            print(text.get());
        }
    }
}
