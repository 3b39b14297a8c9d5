package dev.trackgen.cli.output;

import dev.trackgen.cli.CliException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * All-or-nothing output files. {@link #stage} checks an output path up front (an existing path
 * that is not a regular file, such as {@code /dev/null}, a FIFO or a directory, is refused; a
 * symbolic link is followed, unless {@link #replaceLinks}) and creates a hidden temporary file next to it, named
 * {@code .NAME.trackgen-tmp-PID} (which proves the directory is writable before any long work, and
 * lets the next run remove what a killed run left);
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
    private static final String TEMP_MARK = ".trackgen-tmp-";
    private static final Pattern TEMP_SUFFIX = Pattern.compile("([0-9]{1,19})(?:-[0-9]{1,9})?");
    private final Map<Path, Path> staged = new LinkedHashMap<>();
    private final Map<Path, String> inputs = new LinkedHashMap<>();
    private boolean committed;
    private boolean replaceLinks;

    /** Creates an empty transaction. */
    public OutputTransaction() {
    }

    /**
     * Makes a symbolic link at an output path be replaced itself by the new file, instead of being
     * followed: the file it points to is never written. For outputs inside a folder the run owns
     * (an export's {@code --out-dir}), where a link must not carry writes out of the folder.
     *
     * @return this transaction
     */
    public OutputTransaction replaceLinks() {
        replaceLinks = true;
        return this;
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
     * Checks an output path and creates its temporary file. A symbolic link is followed (unless {@link #replaceLinks}), so the
     * file it points to is replaced and the link stays.
     *
     * @param flag   the option that named the path, for messages ({@code --out})
     * @param target where the file should end up
     * @return the temporary file to write, in the target's directory
     * @throws CliException if the path exists and is not a regular file (directory, device, FIFO,
     *                      socket), its directory is missing or not writable, it is an input of the
     *                      run, or another output of this transaction already uses it
     */
    public Path stage(String flag, Path target) {
        if (committed) {
            throw new IllegalStateException("this output transaction is already committed");
        }
        String what = flag + " " + target;
        if (target.toString().isEmpty()) {
            throw new CliException(flag + ": no file name given");
        }
        Path abs = replaceLinks ? target.toAbsolutePath().normalize() : followLinks(what, target.toAbsolutePath().normalize());
        for (Map.Entry<Path, String> in : inputs.entrySet()) {
            if (sameFile(abs, in.getKey())) {
                throw new CliException(what + ": is the input " + in.getValue() + "; choose another output file");
            }
        }
        if (staged.containsKey(abs)) {
            throw new CliException(what + ": this file is already another output of the same run");
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
        if (!(replaceLinks && Files.isSymbolicLink(abs))) {
            refuseNonRegular(what, abs);
        }
        String name = abs.getFileName().toString();
        removeStaleTemps(dir, name);
        Path tmp = createTemp(what, dir, name);
        // Also removed if the JVM is stopped mid-run (Ctrl-C runs shutdown hooks); a no-op once moved.
        // A SIGKILL leaves it; the next run's stage() of the same output removes it.
        tmp.toFile().deleteOnExit();
        staged.put(abs, tmp);
        return tmp;
    }

    /**
     * Follows a chain of symbolic links to its end, whether or not that end exists.
     *
     * @param what  the option and path, for messages
     * @param path  an absolute, normalized path
     * @return the path the last link names (the path itself when it is no link)
     * @throws CliException on a link loop (more than 40 hops) or an unreadable link
     */
    public static Path followLinks(String what, Path path) {
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

    /**
     * The name prefix of every temporary file of an output called {@code name}:
     * {@code .NAME.trackgen-tmp-}, followed by the writing process's id and, when one process
     * stages the same name twice, {@code -N}. {@code ls -a} or the glob {@code .*.trackgen-tmp-*}
     * finds them.
     *
     * @param name the output's file name
     * @return the prefix
     */
    public static String tempPrefix(String name) {
        return "." + name + TEMP_MARK;
    }

    // Files.createTempFile would create the file with mode 0600, which the final file would keep;
    // createFile applies the usual umask, so the output gets the permissions of any new file.
    private static Path createTemp(String what, Path dir, String name) {
        String base = tempPrefix(name) + ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(attempt == 0 ? base : base + "-" + attempt);
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 1000) {
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
     * Deletes the temporary files of {@code name} in {@code dir} that a process no longer alive
     * left (a killed run): regular files named {@link #tempPrefix}{@code PID[-N]} whose PID is not
     * a live process. Files of live processes, links and anything else are left alone; failures
     * are ignored (the file is only litter).
     *
     * @param dir  the output's directory
     * @param name the output's file name
     * @return how many files were deleted
     */
    static int removeStaleTemps(Path dir, String name) {
        String prefix = tempPrefix(name);
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir,
                p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path p : entries) {
                Matcher m = TEMP_SUFFIX.matcher(p.getFileName().toString().substring(prefix.length()));
                if (!m.matches() || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(m.group(1));
                } catch (NumberFormatException e) {
                    continue;
                }
                boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
                if (!alive && Files.deleteIfExists(p)) {
                    removed++;
                }
            }
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // unreadable directory: createTemp reports what matters
        }
        return removed;
    }

    // The path exists (after links) and is not a regular file: a device, FIFO, socket or directory.
    private static void refuseNonRegular(String what, Path abs) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(abs, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            throw new CliException(what + ": cannot inspect the existing file (" + e.getMessage() + ")", e);
        }
        if (a.isRegularFile()) {
            return;
        }
        throw new CliException(what + ": exists and is " + kind(abs, a) + ", not a regular file; name a new or "
                + "regular file");
    }

    private static String kind(Path abs, BasicFileAttributes a) {
        if (a.isDirectory()) {
            return "a directory";
        }
        try {
            int mode = (Integer) Files.getAttribute(abs, "unix:mode");
            switch (mode & 0170000) {
                case 0020000: return "a character device";
                case 0060000: return "a block device";
                case 0010000: return "a FIFO (named pipe)";
                case 0140000: return "a socket";
                default: break;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // no unix view: fall through to the generic word
        }
        return "a special file (device, FIFO or socket)";
    }

    /** Writes one output into its staged file. */
    @FunctionalInterface
    public interface StagedWrite {
        /**
         * @param staged the staged file to write ({@link #stage})
         * @throws IOException when writing fails
         */
        void write(Path staged) throws IOException;
    }

    /**
     * Writes a staged output, turning a failure into the one-line error of {@link #writeFailure}.
     *
     * @param flag   the option that named the output ({@code --out})
     * @param target the output path as the user gave it
     * @param staged the staged file that {@link #stage} returned for it
     * @param write  what writes the file
     * @throws CliException when the write throws an {@link IOException} or {@link UncheckedIOException}
     */
    public static void write(String flag, Path target, Path staged, StagedWrite write) {
        try {
            write.write(staged);
        } catch (IOException | UncheckedIOException e) {
            throw writeFailure(flag, target, e);
        }
    }

    /**
     * The one-line error for a failed write of a staged output: {@code "FLAG TARGET: no space left
     * on DIR"} when the file system is full (or over quota), else {@code "FLAG TARGET: writing
     * failed: MESSAGE"}.
     *
     * @param flag   the option that named the output ({@code --out})
     * @param target the output path as the user gave it
     * @param error  what the writer threw
     * @return the exception to throw
     */
    public static CliException writeFailure(String flag, Path target, Exception error) {
        String what = flag + " " + target;
        if (isNoSpace(error)) {
            Path dir = target.toAbsolutePath().normalize().getParent();
            return new CliException(what + ": no space left on " + (dir != null ? dir : target), error);
        }
        return new CliException(what + ": writing failed: " + error.getMessage(), error);
    }

    /**
     * @param error an I/O failure
     * @return whether it, a cause or a suppressed exception is the operating system's "no space
     *         left on device" (ENOSPC) or "disk quota exceeded" (EDQUOT)
     */
    static boolean isNoSpace(Throwable error) {
        ArrayDeque<Throwable> todo = new ArrayDeque<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        todo.add(error);
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            String m = t.getMessage();
            if (m != null && (m.contains("No space left on device") || m.contains("Disk quota exceeded"))) {
                return true;
            }
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            todo.addAll(List.of(t.getSuppressed()));
        }
        return false;
    }

    /**
     * Moves every staged file into place (atomically where the file system allows).
     *
     * @throws CliException if a move fails
     */
    public void commit() {
        for (Map.Entry<Path, Path> e : staged.entrySet()) {
            // The path may have changed since stage(): never move a file over a FIFO or device.
            // (A rename replaces a symbolic link itself, never its target.)
            if (!(replaceLinks && Files.isSymbolicLink(e.getKey()))) {
                refuseNonRegular("output " + e.getKey(), e.getKey());
            }
        }
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
