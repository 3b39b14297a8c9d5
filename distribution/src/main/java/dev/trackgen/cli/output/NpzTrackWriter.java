package dev.trackgen.cli.output;

import dev.trackgen.api.TrackSnapshot;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a track batch as an {@code .npz} archive that {@code numpy.load(path)} reads without
 * pickle:
 * <ul>
 *   <li>{@code center, outer, inner, tangent, normal}: float32 {@code [E, N_max, 2]};</li>
 *   <li>{@code arclen}: float32 {@code [E, N_max]};</li>
 *   <li>{@code left_half_width}, {@code right_half_width}: float32 {@code [E, N_max]}, the
 *       distance from each centerline point to the border on its {@code +normal} and
 *       {@code -normal} side, NaN past the count;</li>
 *   <li>{@code center_z}, {@code outer_z}, {@code inner_z}: float32 {@code [E, N_max]} heights of
 *       the centerline and border points; {@code bank}: float32 {@code [E, N_max]} bank angles,
 *       radians; {@code arclen_3d}: float32 {@code [E, N_max]} 3D arc length;
 *       {@code tangent_3d}: float32 {@code [E, N_max, 3]} unit 3D tangents; {@code length_3d}:
 *       float32 {@code [E]} (docs/elevation.md; {@code z_base}, 0 and the plan-view values at
 *       the flat default);</li>
 *   <li>{@code length, winding}: float32 {@code [E]};</li>
 *   <li>{@code valid}: bool {@code [E]}; {@code count}: int32 {@code [E]};</li>
 *   <li>{@code config}: the resolved configuration as one ASCII JSON string, a numpy bytes
 *       array of shape {@code [1]} ({@code d['config'][0].decode()}).</li>
 * </ul>
 * Slots past {@code count[e]} are NaN, as in the snapshot. An imported circuit adds
 * {@code origin}: float64 {@code [2]} (see {@link #write(TrackSnapshot, String, double[], Path)}).
 * Usable without the CLI.
 */
public final class NpzTrackWriter {
    /** The array names, in the order they are written. */
    public static final List<String> ARRAY_NAMES = List.of(
            "center", "outer", "inner", "tangent", "normal", "arclen", "left_half_width", "right_half_width", "center_z", "outer_z", "inner_z", "bank", "arclen_3d", "tangent_3d",
            "length", "length_3d", "winding", "valid", "count", "config");

    private final boolean compressed;

    /** Creates a writer of uncompressed (stored) archives, like {@code numpy.savez}. */
    public NpzTrackWriter() {
        this(false);
    }

    /** @param compressed whether to deflate the entries, like {@code numpy.savez_compressed} */
    public NpzTrackWriter(boolean compressed) {
        this.compressed = compressed;
    }

    /** @return whether entries are deflated */
    public boolean compressed() {
        return compressed;
    }

    /**
     * @param snapshot   the batch
     * @param configJson the resolved configuration as JSON (ASCII only: the npy string dtype is ASCII)
     * @param file       the file to create or replace
     * @throws IOException if writing fails; the first I/O error (a full disk: "No space left on
     *                     device") is the one thrown
     */
    public void write(TrackSnapshot snapshot, String configJson, Path file) throws IOException {
        write(snapshot, configJson, null, file);
    }

    /**
     * Writes the archive, with an optional {@code origin} entry: float64 {@code [2]}, the point
     * of the user's frame that the coordinates are relative to (an imported circuit's local frame;
     * add it to {@code center}, {@code outer} and {@code inner} to get the user's coordinates back).
     *
     * @param snapshot   the batch
     * @param configJson the resolved configuration as JSON (ASCII only)
     * @param origin     {@code {x, y}} or {@code null} for no origin entry
     * @param file       the file to create or replace
     * @throws IOException if writing fails (the first I/O error)
     */
    public void write(TrackSnapshot snapshot, String configJson, double[] origin, Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(snapshot, configJson, origin, out);
        }
    }

    /**
     * Writes the archive to a stream and finishes it (the stream is closed).
     *
     * @param snapshot   the batch
     * @param configJson the resolved configuration as JSON (ASCII only)
     * @param origin     {@code {x, y}} or {@code null}
     * @param out        the stream
     * @throws IOException if writing fails (the first I/O error)
     */
    public void write(TrackSnapshot snapshot, String configJson, double[] origin, OutputStream out)
            throws IOException {
        write(snapshot, configJson, origin, null, out);
    }

    /** The racing-line entries {@code trackgen generate --raceline} adds, in the order they are written. */
    public static final List<String> RACELINE_NAMES = List.of("raceline", "raceline_offset", "raceline_curvature",
            "raceline_heading", "raceline_arclen", "raceline_length", "raceline_speed", "raceline_acceleration",
            "raceline_lap_time", "center_speed", "center_lap_time");

    /**
     * Writes the archive with the racing-line entries of {@link #RACELINE_NAMES} when {@code line}
     * is not null: {@code raceline} float32 {@code [E, N_max, 2]}, the per-point ones float32
     * {@code [E, N_max]}, {@code raceline_length}, {@code raceline_lap_time} and
     * {@code center_lap_time} float32 {@code [E]} (units in {@code RacingLine}).
     *
     * @param snapshot   the batch
     * @param configJson the resolved configuration as JSON (ASCII only)
     * @param origin     {@code {x, y}} or {@code null}
     * @param line       the racing line of the batch, or {@code null}
     * @param out        the stream (closed)
     * @throws IOException if writing fails (the first I/O error)
     */
    public void write(TrackSnapshot snapshot, String configJson, double[] origin,
                      dev.trackgen.course.raceline.RacelineSnapshot line, OutputStream out) throws IOException {
        if (!configJson.chars().allMatch(c -> c < 128)) {
            throw new IllegalArgumentException("configJson must be ASCII (escape other characters as \\u escapes)");
        }
        if (origin != null && origin.length != 2) {
            throw new IllegalArgumentException("origin must hold 2 values, got " + origin.length);
        }
        int e = snapshot.numEnvs();
        int n = snapshot.nMax();
        try (NpzArchive w = new NpzArchive(out, compressed)) {
            w.putFloats("center", snapshot.center(), e, n, 2);
            w.putFloats("outer", snapshot.outer(), e, n, 2);
            w.putFloats("inner", snapshot.inner(), e, n, 2);
            w.putFloats("tangent", snapshot.tangent(), e, n, 2);
            w.putFloats("normal", snapshot.normal(), e, n, 2);
            w.putFloats("arclen", snapshot.arclen(), e, n);
            w.putFloats("left_half_width", snapshot.leftHalfWidth(), e, n);
            w.putFloats("right_half_width", snapshot.rightHalfWidth(), e, n);
            w.putFloats("center_z", snapshot.centerZ(), e, n);
            w.putFloats("outer_z", snapshot.outerZ(), e, n);
            w.putFloats("inner_z", snapshot.innerZ(), e, n);
            w.putFloats("bank", snapshot.bank(), e, n);
            w.putFloats("arclen_3d", snapshot.arclen3d(), e, n);
            w.putFloats("tangent_3d", snapshot.tangent3d(), e, n, 3);
            w.putFloats("length", snapshot.length(), e);
            w.putFloats("length_3d", snapshot.length3d(), e);
            w.putFloats("winding", snapshot.winding(), e);
            w.putBooleans("valid", snapshot.valid(), e);
            w.putInts("count", snapshot.count(), e);
            w.putAscii("config", configJson);
            if (origin != null) {
                w.putDoubles("origin", origin.clone(), 2);
            }
            if (line != null) {
                w.putFloats("raceline", line.line(), e, n, 2);
                w.putFloats("raceline_offset", line.offset(), e, n);
                w.putFloats("raceline_curvature", line.curvature(), e, n);
                w.putFloats("raceline_heading", line.heading(), e, n);
                w.putFloats("raceline_arclen", line.arclen(), e, n);
                w.putFloats("raceline_length", line.length(), e);
                w.putFloats("raceline_speed", line.speed(), e, n);
                w.putFloats("raceline_acceleration", line.acceleration(), e, n);
                w.putFloats("raceline_lap_time", line.lapTime(), e);
                w.putFloats("center_speed", line.centerSpeed(), e, n);
                w.putFloats("center_lap_time", line.centerLapTime(), e);
            }
        }
    }
}
