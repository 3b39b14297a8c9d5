package dev.trackgen.cli.output;

import dev.trackgen.cli.CliException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * All-or-nothing output files. {@link #stage} checks an output path up front and creates a
 * hidden temporary file next to it (which proves the directory is writable before any long work);
 * writers write the temporary file; {@link #commit()} moves every temporary file into place.
 * Closing without a commit deletes the temporary files, so a failed run leaves no partial output.
 *
 * <pre>{@code
 * try (OutputTransaction tx = new OutputTransaction()) {
 *     Path tmp = tx.stage("--out", Path.of("tracks.npz"));
 *     writer.write(snapshot, json, tmp);
 *     tx.commit();
 * }
 * }</pre>
 */
public final class OutputTransaction implements AutoCloseable {
    private final Map<Path, Path> staged = new LinkedHashMap<>();
    private final Map<Path, String> inputs = new LinkedHashMap<>();
    private boolean committed;

    /** Creates an empty transaction. */
    public OutputTransaction() {
    }

    /**
     * Names a file the run reads, so that no output of this transaction may replace it.
     *
     * @param flag  the option that named the input, for messages ({@code --config})
     * @param input the input file ({@code null} is ignored)
     * @return this transaction
     */
    public OutputTransaction protect(String flag, Path input) {
        if (input != null) {
            inputs.put(input.toAbsolutePath().normalize(), flag + " " + input);
        }
        return this;
    }

    /**
     * Checks an output path and creates its temporary file. A symbolic link is followed, so the
     * file it points to is replaced and the link stays.
     *
     * @param flag   the option that named the path, for messages ({@code --out})
     * @param target where the file should end up
     * @return the temporary file to write, in the target's directory
     * @throws CliException if the path is a directory, its directory is missing or not writable,
     *                      or another output of this transaction already uses it
     */
    public Path stage(String flag, Path target) {
        if (committed) {
            throw new IllegalStateException("this output transaction is already committed");
        }
        String what = flag + " " + target;
        if (target.toString().isEmpty()) {
            throw new CliException(flag + ": no file name given");
        }
        Path abs = followLinks(what, target.toAbsolutePath().normalize());
        for (Map.Entry<Path, String> in : inputs.entrySet()) {
            if (sameFile(abs, in.getKey())) {
                throw new CliException(what + ": is the input " + in.getValue() + "; choose another output file");
            }
        }
        if (staged.containsKey(abs)) {
            throw new CliException(what + ": this file is already another output of the same run");
        }
        if (Files.isDirectory(abs)) {
            throw new CliException(what + ": is a directory, not a file");
        }
        Path dir = abs.getParent();
        if (dir == null || abs.getFileName() == null) {
            throw new CliException(what + ": not a file path");
        }
        if (!Files.exists(dir)) {
            throw new CliException(what + ": directory '" + dir + "' does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new CliException(what + ": '" + dir + "' is not a directory");
        }
        Path tmp = createTemp(what, dir, abs.getFileName().toString());
        // Also removed if the JVM is stopped mid-run (Ctrl-C runs shutdown hooks); a no-op once moved.
        tmp.toFile().deleteOnExit();
        staged.put(abs, tmp);
        return tmp;
    }

    private static Path followLinks(String what, Path path) {
        Path p = path;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops > 40) {
                throw new CliException(what + ": too many levels of symbolic links");
            }
            try {
                p = p.resolveSibling(Files.readSymbolicLink(p)).toAbsolutePath().normalize();
            } catch (IOException e) {
                throw new CliException(what + ": cannot read the symbolic link (" + e.getMessage() + ")", e);
            }
        }
        return p;
    }

    private static boolean sameFile(Path a, Path b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    // Files.createTempFile would create the file with mode 0600, which the final file would keep;
    // createFile applies the usual umask, so the output gets the permissions of any new file.
    private static Path createTemp(String what, Path dir, String name) {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) {
                    throw new CliException(what + ": could not create a temporary file in '" + dir + "'", e);
                }
            } catch (AccessDeniedException e) {
                throw new CliException(what + ": cannot write in directory '" + dir + "' (permission denied)", e);
            } catch (FileSystemException e) {
                String reason = e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
                throw new CliException(what + ": cannot write in directory '" + dir + "' (" + reason + ")", e);
            } catch (IOException e) {
                throw new CliException(what + ": cannot write in directory '" + dir + "' (" + e.getMessage() + ")", e);
            }
        }
    }

    /**
     * Moves every staged file into place (atomically where the file system allows).
     *
     * @throws CliException if a move fails
     */
    public void commit() {
        for (Map.Entry<Path, Path> e : staged.entrySet()) {
            try {
                move(e.getValue(), e.getKey());
            } catch (IOException ex) {
                throw new CliException("could not move the finished output into place at '" + e.getKey() + "': "
                        + ex.getMessage(), ex);
            }
        }
        committed = true;
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes the temporary files left by a run that did not commit. */
    @Override
    public void close() {
        for (Path tmp : staged.values()) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort: nothing more can be done about a temp file we cannot delete
            }
        }
        staged.clear();
    }
}
