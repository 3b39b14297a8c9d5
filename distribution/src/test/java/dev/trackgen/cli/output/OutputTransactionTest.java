package dev.trackgen.cli.output;

import dev.trackgen.cli.CliException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
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
            assertTrue(ta.getFileName().toString().startsWith(".a.npz."));
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
}
