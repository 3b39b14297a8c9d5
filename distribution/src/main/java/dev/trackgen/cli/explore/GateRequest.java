package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.Failure;
import dev.trackgen.gates.GateConfig;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request of the page's Gates view ({@code POST /api/gates}): a {@link BatchRequest} (its
 * {@code knobs} are the plan view's track knobs) plus a {@code gates} object of gate knobs, kept
 * apart because some gate knobs share a track knob's name ({@code z_min}, ...):
 * {@code {"generator": "bezier", "envs": 16, "seed": 0, "knobs": {...}, "gates": {"max_gates": 10}}}.
 *
 * @param batch the plan view's request
 * @param gates gate knob name to value text, as {@code trackgen gates --set} would give it
 */
public record GateRequest(BatchRequest batch, Map<String, String> gates) {
    /** @param gates copied into an unmodifiable, order-preserving map */
    public GateRequest {
        gates = Collections.unmodifiableMap(new LinkedHashMap<>(gates));
    }

    /**
     * @param body the parsed body
     * @return the request
     * @throws ExploreRequestException (400) naming the field that is missing or malformed
     */
    public static GateRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ExploreRequestException(400, null, "the request body must be a JSON object");
        }
        ObjectNode rest = ((ObjectNode) body).deepCopy();
        JsonNode g = rest.remove("gates");
        Map<String, String> gates = new LinkedHashMap<>();
        if (g != null && !g.isNull()) {
            if (!g.isObject()) {
                throw new ExploreRequestException(400, null, "gates must be a JSON object of gate knob names to values");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = g.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (!(v.isTextual() || v.isNumber() || v.isBoolean())) {
                    throw new ExploreRequestException(400, "gates." + e.getKey(),
                            "--set " + e.getKey() + ": the value must be text, a number or a boolean");
                }
                gates.put(e.getKey(), v.asText());
            }
        }
        return new GateRequest(BatchRequest.parse(rest), gates);
    }

    /**
     * @param track the plan view's resolved configuration
     * @return the gate configuration (seed: the request's)
     * @throws ExploreRequestException (400) with the one-line message of the first bad gate knob,
     *                                 its control named {@code gates.KNOB}
     */
    public GateConfig config(TrackGenConfig track) {
        GateConfig.Builder b = GateConfig.builder().trackConfig(track).seed(batch.seed());
        try {
            gates.forEach((k, v) -> {
                if (k.equals("seed")) {
                    throw new InvalidConfigException(k, "seed has a control of its own here");
                }
                b.set(k, v);
            });
            return b.build();
        } catch (InvalidConfigException e) {
            throw new ExploreRequestException(400, e.knob() == null ? null : "gates." + e.knob(), Failure.describe(e));
        }
    }
}
