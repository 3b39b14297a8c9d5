package dev.trackgen.cli.output;

import dev.trackgen.cli.CliException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputTransactionTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void commitMovesEveryStagedFileIntoPlace() throws IOException {
        Path a = dir.resolve("a.npz");
        Path b = dir.resolve("b.png");
        Files.writeString(b, "old");
        try (OutputTransaction tx = new OutputTransaction()) {
            Path ta = tx.stage("--out", a);
            Path tb = tx.stage("--preview", b);
            assertEquals(dir, ta.getParent(), "temporary file next to its target");
            assertEquals(".a.npz.trackgen-tmp-" + ProcessHandle.current().pid(), ta.getFileName().toString(),
                    "a temporary name that says whose it is");
            Files.writeString(ta, "A");
            Files.writeString(tb, "B");
            assertFalse(Files.exists(a), "nothing in place before commit");
            tx.commit();
        }
        assertEquals(List.of("a.npz", "b.png"), names());
        assertEquals("A", Files.readString(a));
        assertEquals("B", Files.readString(b));
    }

    @Test
    void closingWithoutCommitLeavesNothing() throws IOException {
        try (OutputTransaction tx = new OutputTransaction()) {
            Files.writeString(tx.stage("--out", dir.resolve("a.npz")), "partial");
            Files.writeString(tx.stage("--preview", dir.resolve("b.png")), "partial");
            assertEquals(2, names().size());
        }
        assertEquals(List.of(), names());
    }

    @Test
    void outputsGetTheUsualPermissionsNotThoseOfATempFile() throws IOException {
        Path a = dir.resolve("a.npz");
        try (OutputTransaction tx = new OutputTransaction()) {
            Files.writeString(tx.stage("--out", a), "A");
            tx.commit();
        }
        Path plain = Files.writeString(dir.resolve("plain"), "P");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(a));
        assertTrue(Files.getPosixFilePermissions(a).contains(PosixFilePermission.OWNER_WRITE));
    }

    @Test
    void theSameTargetTwiceIsRefused() {
        try (OutputTransaction tx = new OutputTransaction()) {
            tx.stage("--out", dir.resolve("x"));
            CliException e = assertThrows(CliException.class, () -> tx.stage("--preview", dir.resolve("./x")));
            assertTrue(e.getMessage().endsWith("this file is already another output of the same run"), e.getMessage());
        }
    }

    @Test
    void anInputOfTheRunIsNeverAnOutput() throws IOException {
        Path config = Files.writeString(dir.resolve("victim.yaml"), "half_width: 0.2\n");
        Path link = Files.createSymbolicLink(dir.resolve("alias.yaml"), config.getFileName());
        try (OutputTransaction tx = new OutputTransaction().protect("--config", config)) {
            CliException e = assertThrows(CliException.class, () -> tx.stage("--out", config));
            assertEquals("--out " + config + ": is the input --config " + config + "; choose another output file",
                    e.getMessage());
            assertThrows(CliException.class, () -> tx.stage("--out", link), "through a symbolic link too");
        }
        assertEquals("half_width: 0.2\n", Files.readString(config));
    }

    @Test
    void aSymbolicLinkOutputReplacesItsTargetAndStays() throws IOException {
        Path target = Files.writeString(dir.resolve("real.npz"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.npz"), target.getFileName());
        try (OutputTransaction tx = new OutputTransaction()) {
            Files.writeString(tx.stage("--out", link), "new");
            tx.commit();
        }
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(target));
    }

    @Test
    void anEmptyPathIsNotAFile() {
        try (OutputTransaction tx = new OutputTransaction()) {
            CliException e = assertThrows(CliException.class, () -> tx.stage("--out", Path.of("")));
            assertEquals("--out: no file name given", e.getMessage());
        }
    }

    /** Every kind of existing non-regular path, directly or through a symbolic link. */
    static Stream<String> specialKinds() {
        return Stream.of("directory", "fifo", "socket", "char-device", "link-to-fifo", "link-to-char-device");
    }

    private Path special(String kind, List<AutoCloseable> keep) throws IOException, InterruptedException {
        Path p = dir.resolve("out-" + kind);
        switch (kind) {
            case "directory" -> Files.createDirectory(p);
            case "fifo", "link-to-fifo" -> {
                Path fifo = kind.equals("fifo") ? p : dir.resolve("real-fifo");
                Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
                assertEquals(0, mk.waitFor(), "mkfifo");
                if (!kind.equals("fifo")) {
                    Files.createSymbolicLink(p, fifo);
                }
            }
            case "socket" -> {
                ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                server.bind(UnixDomainSocketAddress.of(p));
                keep.add(server);
            }
            case "char-device" -> p = Path.of("/dev/null");
            case "link-to-char-device" -> Files.createSymbolicLink(p, Path.of("/dev/full"));
            default -> throw new IllegalArgumentException(kind);
        }
        return p;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specialKinds")
    void anExistingPathThatIsNotARegularFileIsRefusedAndLeftAsItWas(String kind) throws Exception {
        List<AutoCloseable> keep = new ArrayList<>();
        try {
            Path p = special(kind, keep);
            Path real = p.toRealPath();
            Object before = Files.getAttribute(real, "unix:mode");
            List<String> namesBefore = names();
            try (OutputTransaction tx = new OutputTransaction()) {
                CliException e = assertThrows(CliException.class, () -> tx.stage("--preview", p));
                assertTrue(e.getMessage().startsWith("--preview " + p + ": exists and is a"), e.getMessage());
                assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"));
            }
            assertEquals(before, Files.getAttribute(real, "unix:mode"), "the special file is untouched");
            assertEquals(namesBefore, names(), "no temporary file left");
        } finally {
            for (AutoCloseable c : keep) {
                c.close();
            }
        }
    }

    @Test
    void theKindOfSpecialFileIsNamed() throws Exception {
        List<AutoCloseable> keep = new ArrayList<>();
        try (OutputTransaction tx = new OutputTransaction()) {
            assertTrue(assertThrows(CliException.class, () -> tx.stage("--out", Path.of("/dev/null"))).getMessage()
                    .contains("is a character device"));
            Path fifo = special("fifo", keep);
            assertTrue(assertThrows(CliException.class, () -> tx.stage("--out", fifo)).getMessage()
                    .contains("is a FIFO"));
            Path sock = special("socket", keep);
            assertTrue(assertThrows(CliException.class, () -> tx.stage("--out", sock)).getMessage()
                    .contains("is a socket"));
            assertTrue(assertThrows(CliException.class, () -> tx.stage("--out", dir)).getMessage()
                    .contains("is a directory"));
        } finally {
            for (AutoCloseable c : keep) {
                c.close();
            }
        }
    }

    @Test
    void aPathThatTurnsIntoAFifoBeforeCommitIsNotReplaced() throws Exception {
        Path p = dir.resolve("late.npz");
        try (OutputTransaction tx = new OutputTransaction()) {
            Files.writeString(tx.stage("--out", p), "A");
            Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
            assertEquals(0, mk.waitFor());
            assertThrows(CliException.class, tx::commit);
        }
        assertEquals("FIFO", fileType(p));
        assertEquals(List.of("late.npz"), names(), "the temporary file is gone, the FIFO stays");
    }

    private static String fileType(Path p) throws IOException {
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        return (mode & 0170000) == 0010000 ? "FIFO" : Integer.toOctalString(mode);
    }

    /** A pid no process has: one of a child that has exited (the kernel does not reuse it at once). */
    private static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long pid = p.pid();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        return pid;
    }

    @Test
    void staleTemporaryFilesOfDeadRunsAreRemovedAndNothingElse() throws Exception {
        long dead = deadPid();
        long live = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
        Path staleA = Files.writeString(dir.resolve(".a.npz.trackgen-tmp-" + dead), "");
        Path staleB = Files.writeString(dir.resolve(".a.npz.trackgen-tmp-" + dead + "-3"), "x");
        Path liveOne = Files.writeString(dir.resolve(".a.npz.trackgen-tmp-" + live), "");
        Path otherOutput = Files.writeString(dir.resolve(".b.npz.trackgen-tmp-" + dead), "");
        Path notOurs = Files.writeString(dir.resolve(".a.npz.trackgen-tmp-" + dead + ".bak"), "");
        Path userFile = Files.writeString(dir.resolve("keep-me"), "data");
        Path link = Files.createSymbolicLink(dir.resolve(".a.npz.trackgen-tmp-" + (dead + 1_000_000_000L)), userFile);
        try (OutputTransaction tx = new OutputTransaction()) {
            Files.writeString(tx.stage("--out", dir.resolve("a.npz")), "A");
            tx.commit();
        }
        assertFalse(Files.exists(staleA));
        assertFalse(Files.exists(staleB));
        for (Path kept : List.of(liveOne, otherOutput, notOurs, userFile)) {
            assertTrue(Files.exists(kept), kept + " must stay");
        }
        assertTrue(Files.isSymbolicLink(link), "a link is never removed");
        assertEquals("data", Files.readString(userFile));
        assertEquals("A", Files.readString(dir.resolve("a.npz")));
    }

    @Test
    void aKilledRunLeavesANamedTemporaryFileThatTheNextRunRemoves() throws Exception {
        // A child JVM stages an output and is killed with SIGKILL before it commits.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("killed.npz");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StagesAndWaits.class.getName(), out.toString()).redirectErrorStream(true).start();
        String line = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertEquals(".killed.npz.trackgen-tmp-" + child.pid(), line, "the child's temporary file");
        child.destroyForcibly().waitFor();
        assertTrue(Files.exists(dir.resolve(line.strip())), "SIGKILL runs no clean-up");
        try (OutputTransaction tx = new OutputTransaction()) {
            tx.stage("--out", out);
        }
        assertEquals(List.of(), names(), "the next run removed the stale file (and its own)");
    }

    /** The child of {@link #aKilledRunLeavesANamedTemporaryFileThatTheNextRunRemoves}. */
    public static final class StagesAndWaits {
        public static void main(String[] args) throws InterruptedException {
            OutputTransaction tx = new OutputTransaction();
            System.out.println(tx.stage("--out", Path.of(args[0])).getFileName());
            System.out.flush();
            Thread.sleep(60_000);
        }
    }

    @Test
    void aFullDiskIsReportedAsSuchWithTheDirectory() throws IOException {
        // /dev/full fails every write with ENOSPC, the error a full file system gives.
        IOException enospc = assertThrows(IOException.class, () -> {
            try (FileChannel ch = FileChannel.open(Path.of("/dev/full"), StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.allocate(4096));
            }
        });
        Path target = dir.resolve("t.npz");
        assertEquals("--out " + target + ": no space left on " + dir,
                OutputTransaction.writeFailure("--out", target, enospc).getMessage());
        IOException wrapped = new IOException("Error writing PNG", enospc);
        assertTrue(OutputTransaction.isNoSpace(wrapped), "found through the cause");
        IOException other = new IOException("Input/output error");
        assertEquals("--out " + target + ": writing failed: Input/output error",
                OutputTransaction.writeFailure("--out", target, other).getMessage());
    }
}
