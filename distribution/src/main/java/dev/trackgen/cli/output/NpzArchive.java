package dev.trackgen.cli.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A numpy {@code .npz} archive written entry by entry to a stream: each array becomes one
 * {@code NAME.npy} entry in the npy 1.0 format (little-endian, C order), stored or deflated.
 *
 * <p>It exists beside the npy library (which still reads archives in the tests) because that
 * library's writer closes the zip entry in a {@code finally} block: an I/O error such as a full
 * disk was replaced by a secondary "invalid entry size" error, so its real cause never reached
 * the user. Here the first {@link IOException} propagates unchanged and the caller decides what to
 * do with the half-written stream (the CLI writes into a temporary file and deletes it).
 *
 * <p>Not thread-safe; one archive per instance.
 */
final class NpzArchive implements AutoCloseable {
    private final ZipOutputStream zip;
    private final boolean compressed;

    /**
     * @param out        the stream to write (closed by {@link #close()})
     * @param compressed whether to deflate the entries, like {@code numpy.savez_compressed}
     */
    NpzArchive(OutputStream out, boolean compressed) {
        this.zip = new ZipOutputStream(out);
        this.compressed = compressed;
    }

    /** float32 {@code <f4} array of the given shape. */
    void putFloats(String name, float[] data, int... shape) throws IOException {
        ByteBuffer b = body(name, "<f4", shape, 4L * data.length);
        b.asFloatBuffer().put(data);
        entry(name, b);
    }

    /** float64 {@code <f8} array of the given shape. */
    void putDoubles(String name, double[] data, int... shape) throws IOException {
        ByteBuffer b = body(name, "<f8", shape, 8L * data.length);
        b.asDoubleBuffer().put(data);
        entry(name, b);
    }

    /** int32 {@code <i4} array of the given shape. */
    void putInts(String name, int[] data, int... shape) throws IOException {
        ByteBuffer b = body(name, "<i4", shape, 4L * data.length);
        b.asIntBuffer().put(data);
        entry(name, b);
    }

    /** bool {@code |b1} array of the given shape, nonzero = true. */
    void putBooleans(String name, int[] flags, int... shape) throws IOException {
        ByteBuffer b = body(name, "|b1", shape, flags.length);
        for (int f : flags) {
            b.put((byte) (f != 0 ? 1 : 0));
        }
        entry(name, b);
    }

    /** One ASCII string as a bytes array {@code |S<len>} of shape {@code [1]}. */
    void putAscii(String name, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = body(name, "|S" + Math.max(bytes.length, 1), new int[] {1}, Math.max(bytes.length, 1));
        b.put(bytes);
        entry(name, b);
    }

    // Header then room for the data; the returned buffer is positioned at the data, little-endian
    // (typed views such as asFloatBuffer() start there).
    private static ByteBuffer body(String name, String descr, int[] shape, long dataBytes) {
        StringBuilder dict = new StringBuilder("{'descr': '").append(descr).append("', 'fortran_order': False, 'shape': (");
        for (int d : shape) {
            dict.append(d).append(", ");
        }
        dict.append("), }");
        // magic (6) + version (2) + header length (2) + dict + padding + '\n', a multiple of 64.
        int unpadded = 10 + dict.length() + 1;
        int total = (unpadded + 63) / 64 * 64;
        dict.append(" ".repeat(total - unpadded)).append('\n');
        long size = total + dataBytes;
        if (size > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException(name + ": array of " + dataBytes + " bytes is too large for one entry");
        }
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
        b.putShort((short) (total - 10));
        b.put(dict.toString().getBytes(StandardCharsets.US_ASCII));
        return b;
    }

    // The entry is the whole backing array of the buffer body() made: header and data.
    private void entry(String name, ByteBuffer entry) throws IOException {
        byte[] bytes = entry.array();
        ZipEntry e = new ZipEntry(name + ".npy");
        if (compressed) {
            e.setMethod(ZipEntry.DEFLATED);
        } else {
            CRC32 crc = new CRC32();
            crc.update(bytes);
            e.setMethod(ZipEntry.STORED);
            e.setSize(bytes.length);
            e.setCompressedSize(bytes.length);
            e.setCrc(crc.getValue());
        }
        zip.putNextEntry(e);
        zip.write(bytes);
        zip.closeEntry();
    }

    /** Finishes the archive and closes the stream. */
    @Override
    public void close() throws IOException {
        zip.close();
    }
}
