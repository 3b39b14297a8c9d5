package dev.trackgen.metrics.circuit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a closed centerline from a CSV file, one point per row, in one of two layouts:
 * <ul>
 *   <li>the TUM racetrack-database layout, four columns
 *       {@code x_m,y_m,w_tr_right_m,w_tr_left_m}: position and the distances from the centerline
 *       to the right and left border. The half-width is the mean over the rows of
 *       {@code (w_tr_right_m + w_tr_left_m) / 2}: half the mean road width, the constant-width
 *       band that keeps the road's area (the TUM centerline is not always centred, so neither side
 *       alone is the half-width);</li>
 *   <li>plain {@code x,y} rows; the half-width must then be given by the caller.</li>
 * </ul>
 * Lines starting with {@code #} and blank lines are skipped; every other line is a data row, and
 * every data row must have the same number of comma-separated decimal numbers. The loop is closed
 * implicitly (the last row connects back to the first); a last row that repeats the first point
 * (an explicitly closed polyline) is dropped. Errors are {@link CircuitException}s naming the
 * file and line.
 */
public final class CircuitReader {
    /** Fewest points of a closed centerline. */
    public static final int MIN_POINTS = 4;
    /** Largest centerline file read, in bytes (64 MiB: over a million TUM rows). */
    public static final long MAX_BYTES = 64L << 20;
    /** A NUL byte among this many first bytes marks a binary file. */
    public static final int BINARY_PROBE_BYTES = 8192;

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern NON_FINITE = Pattern.compile("[+-]?(nan|inf|infinity)", Pattern.CASE_INSENSITIVE);
    private static final String[] TUM_COLUMNS = {"x_m", "y_m", "w_tr_right_m", "w_tr_left_m"};
    private static final String[] XY_COLUMNS = {"x", "y"};

    private CircuitReader() {
    }

    /**
     * Reads a centerline file. Before anything is decoded, a file that cannot be a centerline
     * is refused: a regular file larger than {@value #MAX_BYTES} bytes (by its size, without
     * reading it, so a huge or sparse file costs nothing), a binary file (a NUL byte among the
     * first {@value #BINARY_PROBE_BYTES} bytes, e.g. {@code /dev/zero}, an image, UTF-16 text), a
     * stream that is not a regular file and goes on past {@value #MAX_BYTES} bytes (read with
     * that cap), and bytes that are not UTF-8.
     *
     * @param file a CSV file
     * @return the circuit, named after the file
     * @throws CircuitException if the file cannot be read, is not a text file of at most
     *         {@value #MAX_BYTES} bytes, or a row is malformed
     */
    public static Circuit read(Path file) {
        String name = file.getFileName() != null ? file.getFileName().toString() : file.toString();
        byte[] bytes;
        try {
            bytes = readBounded(file);
        } catch (NoSuchFileException e) {
            throw new CircuitException(file + ": no such file", e);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new CircuitException(file + ": cannot read (permission denied)", e);
        } catch (IOException e) {
            throw new CircuitException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new CircuitException(file + ": not a text (UTF-8) CSV file", e);
        }
        return parse(name, text.lines().toList());
    }

    /** The file's bytes, refused early when there are too many or they are binary. */
    private static byte[] readBounded(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        if (a.isDirectory()) {
            throw new CircuitException(file + ": is a directory, not a CSV file");
        }
        if (a.isRegularFile() && a.size() > MAX_BYTES) {
            throw tooLarge(file, a.size() + " bytes");
        }
        byte[] buf = new byte[(int) Math.min(MAX_BYTES + 1, a.isRegularFile() ? Math.max(a.size() + 1, 1) : 1 << 16)];
        int n = 0;
        boolean probed = false;
        try (InputStream in = Files.newInputStream(file)) {
            while (true) {
                if (n == buf.length) {
                    if (buf.length > MAX_BYTES) {
                        throw tooLarge(file, "more than " + MAX_BYTES + " bytes");
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min(MAX_BYTES + 1, 2L * buf.length));
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
                if (!probed && n >= BINARY_PROBE_BYTES) {
                    refuseBinary(file, buf, BINARY_PROBE_BYTES);
                    probed = true;
                }
            }
        }
        if (!probed) {
            refuseBinary(file, buf, n);
        }
        if (n > MAX_BYTES) {
            throw tooLarge(file, "more than " + MAX_BYTES + " bytes");
        }
        return n == buf.length ? buf : Arrays.copyOf(buf, n);
    }

    private static void refuseBinary(Path file, byte[] buf, int upTo) {
        for (int i = 0; i < upTo; i++) {
            if (buf[i] == 0) {
                throw new CircuitException(file + ": not a text (UTF-8) CSV file: byte " + i
                        + " is NUL (a binary file, or UTF-16 text)");
            }
        }
    }

    private static CircuitException tooLarge(Path file, String size) {
        return new CircuitException(file + ": " + size + ", more than the " + (MAX_BYTES >> 20) + " MiB a centerline"
                + " file may have (about a million rows); is it the right file?");
    }

    /**
     * @param name  the name used in messages
     * @param lines the file's lines
     * @return the circuit
     * @throws CircuitException if a row is malformed or there are fewer than {@value #MIN_POINTS} points
     */
    public static Circuit parse(String name, List<String> lines) {
        int columns = 0;
        int firstDataLine = 0;
        double[] xy = new double[64];
        int[] rows = new int[32];
        double[] wl = new double[32];
        double[] wr = new double[32];
        double widthSum = 0;
        int n = 0;
        for (int k = 0; k < lines.size(); k++) {
            int lineNo = k + 1;
            String line = lines.get(k);
            if (k == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] cells = t.split(",", -1);
            if (columns == 0) {
                if (cells.length != 2 && cells.length != 4) {
                    throw new CircuitException(name + ": line " + lineNo + ": expected 2 columns (x,y) or 4 (x_m,y_m,"
                            + "w_tr_right_m,w_tr_left_m), found " + cells.length + " (comment lines start with '#')");
                }
                columns = cells.length;
                firstDataLine = lineNo;
            } else if (cells.length != columns) {
                throw new CircuitException(name + ": line " + lineNo + ": " + cells.length + " columns, but line "
                        + firstDataLine + " has " + columns);
            }
            String[] names = columns == 4 ? TUM_COLUMNS : XY_COLUMNS;
            double[] v = new double[columns];
            for (int c = 0; c < columns; c++) {
                v[c] = number(name, lineNo, cells[c].strip(), c, names[c]);
            }
            if (columns == 4) {
                for (int c = 2; c < 4; c++) {
                    if (!(v[c] > 0)) {
                        throw new CircuitException(name + ": line " + lineNo + ": " + names[c] + " = " + cells[c].strip()
                                + " must be positive");
                    }
                }
                widthSum += 0.5 * (v[2] + v[3]);
            }
            if (n == rows.length) {
                rows = java.util.Arrays.copyOf(rows, 2 * n);
                xy = java.util.Arrays.copyOf(xy, 4 * n);
                wl = java.util.Arrays.copyOf(wl, 2 * n);
                wr = java.util.Arrays.copyOf(wr, 2 * n);
            }
            if (columns == 4) {
                wl[n] = v[3];
                wr[n] = v[2];
            }
            xy[2 * n] = v[0];
            xy[2 * n + 1] = v[1];
            rows[n++] = lineNo;
        }
        if (n == 0) {
            throw new CircuitException(name + ": no data rows (only comments or blank lines)");
        }
        int rowsRead = n;
        if (n >= 2) {
            double per = 0;
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                per += Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
            }
            double gap = Math.hypot(xy[2 * (n - 1)] - xy[0], xy[2 * (n - 1) + 1] - xy[1]);
            if (gap <= Circuit.DUPLICATE_REL * per / n) {
                n--; // an explicitly closed loop: the last row repeats the first point
            }
        }
        if (n < MIN_POINTS) {
            throw new CircuitException(name + ": only " + n + " distinct point" + (n == 1 ? "" : "s")
                    + "; a closed centerline needs at least " + MIN_POINTS);
        }
        double[] pts = java.util.Arrays.copyOf(xy, 2 * n);
        int[] lineNos = java.util.Arrays.copyOf(rows, n);
        if (columns == 4) {
            double hw = widthSum / rowsRead;
            return new Circuit(name, pts, lineNos, hw, "mean of (w_tr_right_m + w_tr_left_m) / 2 over "
                    + rowsRead + " rows", java.util.Arrays.copyOf(wl, n), java.util.Arrays.copyOf(wr, n));
        }
        return new Circuit(name, pts, lineNos, Double.NaN, "none in the file");
    }

    private static double number(String file, int lineNo, String cell, int column, String columnName) {
        String where = file + ": line " + lineNo + ": column " + (column + 1) + " (" + columnName + ")";
        if (cell.isEmpty()) {
            throw new CircuitException(where + " is empty");
        }
        if (NON_FINITE.matcher(cell).matches()) {
            throw new CircuitException(where + " is " + cell + "; coordinates and widths must be finite numbers");
        }
        if (!NUMBER.matcher(cell).matches()) {
            throw new CircuitException(where + ": '" + abbreviate(cell) + "' is not a number");
        }
        double v = Double.parseDouble(cell);
        if (!Double.isFinite(v)) {
            throw new CircuitException(where + ": " + cell + " is out of range");
        }
        return v;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
