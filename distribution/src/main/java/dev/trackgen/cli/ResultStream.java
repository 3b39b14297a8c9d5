package dev.trackgen.cli;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Standard output for results: a {@link PrintStream} (which, like every print stream, swallows
 * write errors) that remembers the first {@link IOException} of the stream below it, so that
 * {@link Main#run} can end a command whose results were lost (a full disk, {@code > /dev/full}, a
 * closed pipe) with a non-zero exit and one error line naming the cause (none for a closed pipe)
 * instead of exit 0.
 */
public final class ResultStream extends PrintStream {
    private final Recorder recorder;

    private ResultStream(Recorder recorder, Charset charset) {
        super(new BufferedOutputStream(recorder, 8192), false, charset);
        this.recorder = recorder;
    }

    /**
     * @param sink    where the bytes go (the process's standard output)
     * @param charset the encoding of printed text
     * @return a print stream over {@code sink} that remembers why a write failed
     */
    public static ResultStream over(OutputStream sink, Charset charset) {
        return new ResultStream(new Recorder(sink), charset);
    }

    /** @return the first write error of the stream below, or {@code null} when none occurred */
    public IOException failure() {
        return recorder.failure;
    }

    /** Passes bytes on and remembers the first failure. */
    private static final class Recorder extends FilterOutputStream {
        private volatile IOException failure;

        Recorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        private void remember(IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
    }
}
