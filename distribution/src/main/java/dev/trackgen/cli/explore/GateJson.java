package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;

/**
 * The answer of {@code POST /api/gates}: what the Gates view draws.
 * <pre>
 * {"seq": 1, "generator": "bezier", "envs": 16, "seed": 0, "valid": 15, "yield": 0.9375, "ms": 12.3,
 *  "gates": {...every gate knob...},
 *  "courses": [{"env": 0, "valid": true, "count": 11, "length": 4.2,
 *               "gates": [[x, y, z, lx, ly, rx, ry], ...],     (center, left and right bar ends)
 *               "line": [[x, y, z, s], ...]}, ...]}          (course line, s = 3D arc length)
 * </pre>
 * Only the first {@code maxShown} courses carry their points; numbers are rounded to 5 decimals.
 */
final class GateJson {
    private GateJson() {
    }

    /**
     * @param request  the request
     * @param config   its gate configuration
     * @param s        the generated courses
     * @param millis   the generator call's time
     * @param maxShown the most courses sent with points
     * @return the answer
     */
    static ObjectNode of(GateRequest request, GateConfig config, GateCourseSnapshot s, double millis, int maxShown) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("seq", request.batch().seq());
        n.put("generator", config.generator());
        n.put("envs", s.numEnvs());
        n.put("seed", request.batch().seed());
        int valid = 0;
        for (int v : s.valid()) {
            valid += v != 0 ? 1 : 0;
        }
        n.put("valid", valid);
        n.put("yield", s.yield());
        n.put("ms", round(millis));
        ObjectNode knobs = n.putObject("gates");
        config.asMap().forEach((k, v) -> knobs.put(k, String.valueOf(v)));
        ArrayNode courses = n.putArray("courses");
        for (int e = 0; e < Math.min(s.numEnvs(), maxShown); e++) {
            ObjectNode c = courses.addObject();
            c.put("env", e);
            c.put("valid", s.valid()[e] != 0);
            int g = s.count()[e];
            c.put("count", g);
            c.put("length", round(s.lineLength()[e]));
            ArrayNode gates = c.putArray("gates");
            for (int k = 0; k < g; k++) {
                int f = e * s.gMax() + k;
                ArrayNode a = gates.addArray();
                a.add(round(s.position()[3 * f])).add(round(s.position()[3 * f + 1])).add(round(s.position()[3 * f + 2]))
                        .add(round(s.left()[3 * f])).add(round(s.left()[3 * f + 1]))
                        .add(round(s.right()[3 * f])).add(round(s.right()[3 * f + 1]));
            }
            ArrayNode line = c.putArray("line");
            for (int k = 0; k < s.lineCount()[e]; k++) {
                int f = e * s.lineMax() + k;
                line.addArray().add(round(s.linePoints()[3 * f])).add(round(s.linePoints()[3 * f + 1]))
                        .add(round(s.linePoints()[3 * f + 2])).add(round(s.lineArclen()[f]));
            }
        }
        return n;
    }

    /** NaN and infinities become JSON null (Jackson writes them as numbers JSON does not have). */
    private static Double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 1e5) / 1e5 : null;
    }
}
