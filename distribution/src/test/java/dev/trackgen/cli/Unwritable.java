package dev.trackgen.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A directory this process cannot create files in: a read-only temporary directory, or, when
 * the process ignores permissions (root), {@code /sys}, where even root cannot create files.
 */
final class Unwritable {
    private Unwritable() {
    }

    static Path directory(Path scratch) throws IOException {
        Path ro = Files.createDirectory(scratch.resolve("read-only"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (!canCreateIn(ro)) {
            return ro;
        }
        Path sys = Path.of("/sys");
        if (Files.isDirectory(sys) && !canCreateIn(sys)) {
            return sys;
        }
        throw new IllegalStateException("found no unwritable directory on this machine: " + ro
                + " is writable despite mode r-xr-xr-x (running as root?) and /sys is not usable");
    }

    private static boolean canCreateIn(Path dir) throws IOException {
        Path probe = dir.resolve(".probe-" + System.nanoTime());
        try {
            Files.createFile(probe);
            Files.delete(probe);
            return true;
        } catch (AccessDeniedException e) {
            return false;
        } catch (FileSystemException e) {
            return false;
        }
    }
}
