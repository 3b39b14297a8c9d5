package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request of the page: which batch to generate.
 *
 * @param client    an id of the page that sent it (requests of one page supersede each other)
 * @param seq       the page's sequence number of the request, echoed back
 * @param generator the generator name
 * @param envs      the batch size E
 * @param seed      the base seed (env {@code e} gets {@code seed + e})
 * @param knobs     knob name to value text, as {@code --set name=value} would give it
 * @param raceline  whether to send the racing lines of the shown tracks, coloured by speed on the page
 *                  (field {@code "raceline"}, a boolean, default false)
 */
public record BatchRequest(String client, long seq, String generator, int envs, int seed, Map<String, String> knobs,
                           boolean raceline) {
    /** The fields a request may have. */
    private static final java.util.List<String> FIELDS = java.util.List.of("client", "seq", "generator", "envs", "seed",
            "knobs", "raceline");

    /** @param knobs copied into an unmodifiable, order-preserving map */
    public BatchRequest {
        knobs = Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
    }

    /** A request without racing lines. */
    public BatchRequest(String client, long seq, String generator, int envs, int seed, Map<String, String> knobs) {
        this(client, seq, generator, envs, seed, knobs, false);
    }

    /**
     * Reads a request body: {@code {"client": "...", "seq": 1, "generator": "bezier", "envs": 64, "seed": 0,
     * "knobs": {"half_width": "0.12"}}}. Knob values may be JSON strings, numbers or booleans.
     *
     * @param body the parsed body
     * @return the request
     * @throws ExploreRequestException (400) naming the field that is missing or malformed
     */
    public static BatchRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ExploreRequestException(400, null, "the request body must be a JSON object");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new ExploreRequestException(400, null, "unknown field '" + (name.length() > 40 ? name.substring(0, 40)
                        + "..." : name) + "'; a batch request has " + String.join(", ", FIELDS));
            }
        }
        JsonNode c = body.path("client");
        if (!c.isMissingNode() && !c.isNull() && !c.isTextual()) {
            throw new ExploreRequestException(400, null, "client must be a string");
        }
        JsonNode q = body.path("seq");
        if (!q.isMissingNode() && !q.isNull() && !q.isIntegralNumber()) {
            throw new ExploreRequestException(400, null, "seq must be an integer");
        }
        String client = c.asText("");
        if (client.length() > 64) {
            throw new ExploreRequestException(400, null, "client id longer than 64 characters");
        }
        long seq = body.path("seq").asLong(0);
        JsonNode g = body.path("generator");
        if (!g.isTextual() || g.asText().isBlank()) {
            throw new ExploreRequestException(400, "generator", "--generator: missing generator name");
        }
        int envs = integer(body.path("envs"), "envs", "--envs");
        int seed = integer(body.path("seed"), "seed", "--seed");
        Map<String, String> knobs = new LinkedHashMap<>();
        JsonNode k = body.path("knobs");
        if (!k.isMissingNode() && !k.isNull()) {
            if (!k.isObject()) {
                throw new ExploreRequestException(400, null, "knobs must be a JSON object of knob names to values");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = k.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (!(v.isTextual() || v.isNumber() || v.isBoolean())) {
                    throw new ExploreRequestException(400, e.getKey(),
                            "--set " + e.getKey() + ": the value must be text, a number or a boolean");
                }
                knobs.put(e.getKey(), v.asText());
            }
        }
        JsonNode rl = body.path("raceline");
        if (!rl.isMissingNode() && !rl.isNull() && !rl.isBoolean()) {
            throw new ExploreRequestException(400, "raceline", "raceline must be true or false");
        }
        return new BatchRequest(client, seq, g.asText().strip(), envs, seed, knobs, rl.asBoolean(false));
    }

    /** Integers as picocli reads {@code --envs} and {@code --seed}, with its message for anything else. */
    private static int integer(JsonNode v, String control, String option) {
        if (v.isMissingNode() || v.isNull()) {
            throw new ExploreRequestException(400, control, option + ": missing; the request must give '" + control + "'");
        }
        String text = v.asText().strip();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new ExploreRequestException(400, control,
                    "Invalid value for option '" + option + "': '" + text + "' is not an int");
        }
    }
}
