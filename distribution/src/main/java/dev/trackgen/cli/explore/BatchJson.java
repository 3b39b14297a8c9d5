package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.metrics.MetricsRow;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A batch as the page receives it: per-track arrays for every env (validity, length, compactness,
 * point count, the reason of an invalid one), the centerlines of the first tracks for drawing, the
 * metrics row, the configuration export and a digest of the whole batch.
 */
public final class BatchJson {
    private static final double DRAW_QUANTUM = 1e4;

    private BatchJson() {
    }

    /**
     * @param request  the request it answers ({@code seq} is echoed)
     * @param batch    the batch
     * @param maxShown the most tracks whose points are sent
     * @return the response object
     */
    public static ObjectNode of(BatchRequest request, Batch batch, int maxShown) {
        TrackSnapshot s = batch.snapshot();
        int e = s.numEnvs();
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("seq", request.seq());
        root.put("generator", batch.config().generator());
        root.put("envs", e);
        root.put("seed", batch.seed());
        root.put("runtime", batch.config().runtime());
        root.put("halfWidth", batch.config().halfWidth());
        root.put("nMax", s.nMax());
        root.put("digest", digest(s.center(), s.valid(), s.count()));
        MetricsRow m = batch.metrics();
        ObjectNode metrics = root.putObject("metrics");
        metrics.put("valid", s.validCount());
        metrics.put("yield", m.yield());
        putFinite(metrics, "meanLength", m.meanLength());
        putFinite(metrics, "meanCompactness", m.meanCompactness());
        putFinite(metrics, "meanChicanes", m.meanChicanes());
        putFinite(metrics, "peakCurvature", m.peakCurvature());
        putFinite(metrics, "msPerCall", m.msPerCall());
        metrics.put("measured", m.measured());
        ArrayNode valid = root.putArray("valid");
        ArrayNode length = root.putArray("length");
        ArrayNode compactness = root.putArray("compactness");
        ArrayNode count = root.putArray("count");
        ObjectNode reasons = root.putObject("reasons");
        for (int env = 0; env < e; env++) {
            valid.add(s.isValid(env));
            length.add(s.length()[env]);
            if (Double.isFinite(batch.compactness()[env])) {
                compactness.add(batch.compactness()[env]);
            } else {
                compactness.addNull();
            }
            count.add(s.count(env));
            if (batch.reasons()[env] != null) {
                reasons.put(Integer.toString(env), batch.reasons()[env]);
            }
        }
        ArrayNode shown = root.putArray("shown");
        float[] c = s.center();
        for (int env = 0; env < Math.min(e, maxShown); env++) {
            ArrayNode pts = shown.addArray();
            int base = 2 * env * s.nMax();
            for (int i = 0; i < 2 * s.count(env); i++) {
                float v = c[base + i];
                pts.add(Float.isFinite(v) ? Math.round(v * DRAW_QUANTUM) / DRAW_QUANTUM : 0.0);
            }
        }
        if (batch.config().variableWidth()) {
            // a road whose width varies: the borders too, so the tiles draw the band as it is
            ArrayNode borders = root.putArray("borders");
            for (int env = 0; env < Math.min(e, maxShown); env++) {
                ArrayNode pair = borders.addArray();
                for (float[] ring : new float[][] {s.outer(), s.inner()}) {
                    ArrayNode pts = pair.addArray();
                    int base = 2 * env * s.nMax();
                    for (int i = 0; i < 2 * s.count(env); i++) {
                        float v = ring[base + i];
                        pts.add(Float.isFinite(v) ? Math.round(v * DRAW_QUANTUM) / DRAW_QUANTUM : 0.0);
                    }
                }
            }
        }
        if (batch.raceline() != null) {
            putRaceline(root, batch.raceline(), Math.min(e, maxShown));
        }
        ObjectNode export = root.putObject("export");
        export.put("yaml", ConfigExport.yaml(batch.config()));
        export.put("json", ConfigExport.json(batch.config()));
        export.put("command", ConfigExport.command(batch.config(), batch.seed()));
        export.put("fileName", ConfigExport.FILE_NAME);
        export.put("fileCommand", ConfigExport.fileCommand(batch.seed()));
        return root;
    }

    /**
     * SHA-256 over the batch's centerline floats (bits, every NaN as the canonical NaN), validity flags and
     * point counts, little-endian; the same batch gives the same digest wherever it was generated.
     *
     * @param center {@code [E * N_max * 2]} centerlines
     * @param valid  {@code [E]} flags, 0 or 1
     * @param count  {@code [E]} point counts
     * @return the lower-case hex digest
     */
    public static String digest(float[] center, int[] valid, int[] count) {
        ByteBuffer b = ByteBuffer.allocate(4 * (center.length + valid.length + count.length)).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : center) {
            b.putInt(Float.floatToIntBits(v));
        }
        for (int v : valid) {
            b.putInt(v);
        }
        for (int v : count) {
            b.putInt(v);
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /**
     * {@code "raceline": {"speedMin", "speedMax", "shown": [[x, y, ...]], "speed": [[v, ...]]}}: the
     * lines of the shown tracks (world units, as {@code shown}) and their speeds (m/s, null where not
     * finite, rounded to 0.01); the range over the shown tracks.
     */
    private static void putRaceline(ObjectNode root, dev.trackgen.course.raceline.RacelineSnapshot l, int shownEnvs) {
        ObjectNode r = root.putObject("raceline");
        ArrayNode pts = r.putArray("shown");
        ArrayNode speeds = r.putArray("speed");
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int env = 0; env < shownEnvs; env++) {
            ArrayNode p = pts.addArray();
            ArrayNode v = speeds.addArray();
            int b = env * l.nMax();
            for (int i = 0; i < l.count()[env]; i++) {
                float x = l.line()[2 * (b + i)];
                float y = l.line()[2 * (b + i) + 1];
                p.add(Float.isFinite(x) ? Math.round(x * DRAW_QUANTUM) / DRAW_QUANTUM : 0.0);
                p.add(Float.isFinite(y) ? Math.round(y * DRAW_QUANTUM) / DRAW_QUANTUM : 0.0);
                float s = l.speed()[b + i];
                if (Float.isFinite(s)) {
                    double q = Math.round(s * 100) / 100.0;
                    v.add(q);
                    lo = Math.min(lo, q);
                    hi = Math.max(hi, q);
                } else {
                    v.addNull();
                }
            }
        }
        putFinite(r, "speedMin", lo);
        putFinite(r, "speedMax", hi);
    }

    private static void putFinite(ObjectNode n, String key, double v) {
        if (Double.isFinite(v)) {
            n.put(key, v);
        } else {
            n.putNull(key);
        }
    }
}
