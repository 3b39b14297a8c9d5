import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Compares the arrays of two TrackGen .npz archives byte for byte (dtype, shape and every
 * element), ignoring the {@code config} entry (the resolved configuration as JSON, whose keys may
 * change between versions). Prints one line per array and exits 1 when any differs or when the
 * second lacks one of the first's; arrays only the second has are listed as new.
 *
 * <pre>java scripts/CompareNpz.java a.npz b.npz</pre>
 */
public final class CompareNpz {
    private CompareNpz() {
    }

    static Map<String, byte[]> entries(Path p) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (InputStream in = Files.newInputStream(p); ZipInputStream z = new ZipInputStream(in)) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                m.put(e.getName(), z.readAllBytes());
            }
        }
        return m;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java scripts/CompareNpz.java A.npz B.npz");
            System.exit(2);
        }
        Map<String, byte[]> a = entries(Path.of(args[0]));
        Map<String, byte[]> b = entries(Path.of(args[1]));
        // an array the second archive adds (a newer version's new output) is listed, not a
        // difference; an array it lacks is one
        boolean same = b.keySet().containsAll(a.keySet());
        if (!same) {
            System.out.println("arrays differ: " + a.keySet() + " vs " + b.keySet());
        }
        for (String k : b.keySet()) {
            if (!a.containsKey(k)) {
                System.out.println("  new   " + k + " (" + b.get(k).length + " bytes, only in " + args[1] + ")");
            }
        }
        for (String k : a.keySet()) {
            if (k.startsWith("config") || !b.containsKey(k)) {
                continue;
            }
            boolean eq = Arrays.equals(a.get(k), b.get(k));
            same &= eq;
            System.out.println((eq ? "  same  " : "  DIFF  ") + k + " (" + a.get(k).length + " bytes)");
        }
        System.out.println(same ? "identical" : "DIFFERENT");
        System.exit(same ? 0 : 1);
    }
}
