package dev.trackgen.export;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A track of FSSIM (AMZ Racing's Formula Student simulator on Gazebo), in the two files its own
 * tracks come as ({@code fssim_gazebo/models/track/NAME.sdf} and {@code tracks_yaml/NAME.yaml}),
 * world frame, metres:
 *
 * <ul>
 *   <li>the Gazebo world model ({@link #writeSdf}): an SDF 1.4 {@code <model>} of {@code <include>}s,
 *       one per cone, each with its model URI ({@code model://fssim_gazebo/models/cone_blue},
 *       {@code cone_yellow}, {@code cone_orange_big}, {@code time_keeping}), its pose
 *       {@code x y 0 0 0 0} and the name FSSIM's track streamer sorts by: {@code cone_left},
 *       {@code cone_right}, {@code cone_orange_big}, {@code tk_device_0} and {@code tk_device_1}
 *       (the two time-keeping devices that mark the start and finish line);</li>
 *   <li>the track description ({@link #writeYaml}): {@code cones_left}, {@code cones_right},
 *       {@code cones_orange} (empty), {@code cones_orange_big} (four start cones),
 *       {@code tk_device} (the two time-keeping devices) and {@code starting_pose_front_wing:
 *       [x, y, yaw]}, from which FSSIM places the car.</li>
 * </ul>
 *
 * <p>As in FSSIM's own tracks, the left and right lists are whole rings (their cone 0 on the
 * start line included): FSSIM's vehicle-position check takes the polygon of each list for a
 * border, so a gap at the start would cut the car off the track. The start line runs through
 * point 0 of both borders; the time-keeping devices stand on it, {@value #TK_OFFSET_M} m outside
 * each border, and the four big orange cones stand on the borders {@value #START_GAP_M} m apart
 * along the track, half before and half after the line (the layout of FSSIM's tracks).
 */
public final class FssimTrack {
    /** How far outside each border the time-keeping devices stand, metres. */
    public static final double TK_OFFSET_M = 1.0;
    /** Arc distance between the big orange cones of one border, around the start line, metres. */
    public static final double START_GAP_M = 2.6;

    private FssimTrack() {
    }

    /**
     * The two time-keeping devices, left then right: on the line through the two start cones,
     * {@link #TK_OFFSET_M} beyond each.
     *
     * @param cones the cones
     * @return {@code [4]}: left x, y, right x, y
     */
    public static double[] timeKeeping(ConeLayout cones) {
        double[] s = cones.start();
        double dx = s[0] - s[2];
        double dy = s[1] - s[3];
        double len = Math.hypot(dx, dy);
        double ux = len > 0 ? dx / len : 0;
        double uy = len > 0 ? dy / len : 0;
        return new double[] {s[0] + TK_OFFSET_M * ux, s[1] + TK_OFFSET_M * uy, s[2] - TK_OFFSET_M * ux,
            s[3] - TK_OFFSET_M * uy};
    }

    /**
     * The four big orange start cones: on each border, {@link #START_GAP_M} / 2 before and after
     * point 0 along it; left before, left after, right before, right after.
     *
     * @param track the track
     * @return {@code [8]} interleaved metres
     */
    public static double[] bigOrange(WorldTrack track) {
        double h = START_GAP_M / 2;
        int n = track.size();
        double[][] c = {ConeLayout.atArc(track.left(), n, -h), ConeLayout.atArc(track.left(), n, h),
            ConeLayout.atArc(track.right(), n, -h), ConeLayout.atArc(track.right(), n, h)};
        return new double[] {c[0][0], c[0][1], c[1][0], c[1][1], c[2][0], c[2][1], c[3][0], c[3][1]};
    }

    private static double[] withStart(double[] rest, double x, double y) {
        double[] out = new double[rest.length + 2];
        out[0] = x;
        out[1] = y;
        System.arraycopy(rest, 0, out, 2, rest.length);
        return out;
    }

    /**
     * @param track the track
     * @param cones its cones
     * @param path  the YAML to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void writeYaml(WorldTrack track, ConeLayout cones, Path path) throws IOException {
        StartPose start = track.startPose();
        double[] s = cones.start();
        StringBuilder b = new StringBuilder();
        list(b, "cones_left", withStart(cones.left(), s[0], s[1]));
        list(b, "cones_right", withStart(cones.right(), s[2], s[3]));
        list(b, "cones_orange", new double[0]);
        list(b, "cones_orange_big", bigOrange(track));
        list(b, "tk_device", timeKeeping(cones));
        b.append("starting_pose_front_wing: [").append(num(start.x())).append(", ").append(num(start.y())).append(", ")
                .append(num(start.yaw())).append("]\n");
        Files.writeString(path, b.toString(), StandardCharsets.UTF_8);
    }

    /**
     * @param track the track
     * @param cones its cones
     * @param name  the model's name (for example {@code env_00007})
     * @param path  the SDF to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void writeSdf(WorldTrack track, ConeLayout cones, String name, Path path) throws IOException {
        double[] s = cones.start();
        try (OutputStream out = Files.newOutputStream(path)) {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeCharacters("\n");
            w.writeStartElement("sdf");
            w.writeAttribute("version", "1.4");
            w.writeCharacters("\n  ");
            w.writeStartElement("model");
            w.writeAttribute("name", name);
            includes(w, "cone_blue", "cone_left", withStart(cones.left(), s[0], s[1]), false);
            includes(w, "cone_yellow", "cone_right", withStart(cones.right(), s[2], s[3]), false);
            includes(w, "cone_orange_big", "cone_orange_big", bigOrange(track), false);
            includes(w, "time_keeping", "tk_device_", timeKeeping(cones), true);
            w.writeCharacters("\n  ");
            w.writeEndElement();
            w.writeCharacters("\n");
            w.writeEndElement();
            w.writeCharacters("\n");
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IOException("writing the SDF failed: " + e.getMessage(), e);
        }
    }

    private static void includes(XMLStreamWriter w, String model, String name, double[] xy, boolean numbered)
            throws XMLStreamException {
        for (int k = 0; k < xy.length; k += 2) {
            w.writeCharacters("\n    ");
            w.writeStartElement("include");
            w.writeCharacters("\n      ");
            w.writeStartElement("uri");
            w.writeCharacters("model://fssim_gazebo/models/" + model);
            w.writeEndElement();
            w.writeCharacters("\n      ");
            w.writeStartElement("pose");
            w.writeCharacters(num(xy[k]) + " " + num(xy[k + 1]) + " 0 0 0 0");
            w.writeEndElement();
            w.writeCharacters("\n      ");
            w.writeStartElement("name");
            w.writeCharacters(numbered ? name + k / 2 : name);
            w.writeEndElement();
            w.writeCharacters("\n    ");
            w.writeEndElement();
        }
    }

    private static void list(StringBuilder b, String key, double[] xy) {
        b.append(key).append(':');
        if (xy.length == 0) {
            b.append(" []\n");
            return;
        }
        b.append('\n');
        for (int k = 0; k < xy.length; k += 2) {
            b.append("  - [").append(num(xy[k])).append(", ").append(num(xy[k + 1])).append("]\n");
        }
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
