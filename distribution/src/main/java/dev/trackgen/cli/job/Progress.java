package dev.trackgen.cli.job;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Stage lines on the error stream, so long work shows what it is doing while standard output
 * stays clean: {@code trackgen: generating 4096 tracks ... done in 812 ms}. A stage that fails is
 * ended with {@code failed} by {@link #abortOpenStage()} so the error line that follows stands
 * on its own line. Disabled by {@code --quiet}.
 */
public final class Progress {
    private final PrintWriter err;
    private final boolean enabled;
    private Stage open;

    /**
     * @param err     where stage lines go
     * @param enabled whether to print anything
     */
    public Progress(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    /**
     * Starts a stage, printing its label.
     *
     * @param label what is being done, for example {@code writing npz}
     * @return the stage, to be {@linkplain Stage#done(String) done}
     */
    public Stage start(String label) {
        abortOpenStage();
        if (enabled) {
            err.print("trackgen: " + label + " ...");
            err.flush();
        }
        open = new Stage(System.nanoTime());
        return open;
    }

    /**
     * Runs one piece of work as a stage: its label first, {@code done} with the duration after.
     * When the work throws, the stage stays open for {@link #abortOpenStage()} to end.
     *
     * @param label what is being done, for example {@code writing npz out.npz}
     * @param work  the work
     * @param <T>   what the work returns
     * @return what the work returned
     */
    public <T> T run(String label, Supplier<T> work) {
        Stage stage = start(label);
        T result = work.get();
        stage.done(null);
        return result;
    }

    /**
     * Runs one piece of work as a stage, like {@link #run(String, Supplier)}.
     *
     * @param label what is being done
     * @param work  the work
     */
    public void run(String label, Runnable work) {
        run(label, () -> {
            work.run();
            return null;
        });
    }

    /**
     * Prints a warning line on the error stream, even in quiet mode: something the user should act on.
     *
     * @param message the warning, one line
     */
    public void warn(String message) {
        abortOpenStage();
        err.println("trackgen: warning: " + message);
        err.flush();
    }

    /** Ends an unfinished stage line with {@code failed}; does nothing when no stage is open. */
    public void abortOpenStage() {
        if (open != null) {
            if (enabled) {
                err.println(" failed");
                err.flush();
            }
            open = null;
        }
    }

    /** A running stage. */
    public final class Stage {
        private final long startNanos;

        private Stage(long startNanos) {
            this.startNanos = startNanos;
        }

        /** @return milliseconds since the stage started */
        public double elapsedMillis() {
            return (System.nanoTime() - startNanos) / 1e6;
        }

        /**
         * Ends the stage line with its duration.
         *
         * @param detail extra words for the line, or {@code null}
         */
        public void done(String detail) {
            if (open != this) {
                return;
            }
            if (enabled) {
                err.println(String.format(Locale.ROOT, " done in %.0f ms", elapsedMillis())
                        + (detail != null ? " (" + detail + ")" : ""));
                err.flush();
            }
            open = null;
        }
    }
}
