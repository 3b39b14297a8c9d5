package dev.trackgen.cli.output;


import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Formats a {@link GenerationReport} for people (aligned lines) or for programs (one JSON line). */
public final class ReportFormatter {
    /** Creates a formatter. */
    public ReportFormatter() {
    }

    /**
     * @param r a report
     * @return exactly one line (no line break) of JSON with the keys {@code generator, runtime,
     *         num_envs, valid, yield, ms}
     */
    public String json(GenerationReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("generator", r.generator());
        m.put("runtime", r.runtime());
        m.put("num_envs", r.numEnvs());
        m.put("valid", r.valid());
        m.put("yield", r.yield());
        m.put("ms", Math.round(r.millis() * 1000.0) / 1000.0);
        return JsonText.of(m);
    }

    /**
     * @param r a report
     * @return a few aligned lines for a terminal, ending with a line break
     */
    public String human(GenerationReport r) {
        StringBuilder b = new StringBuilder();
        line(b, "generator", r.generator() + "  (" + r.generatorSource() + ")");
        String runtime = r.runtimeDescription().startsWith(r.runtime()) ? r.runtimeDescription()
                : r.runtime() + ": " + r.runtimeDescription();
        line(b, "runtime", runtime + "  (requested '" + r.runtimeRequested() + "' by " + r.runtimeOrigin() + ")");
        line(b, "envs", r.numEnvs() + "  (seed " + r.seed() + ")");
        line(b, "valid", String.format(Locale.ROOT, "%d of %d  (yield %.1f%%)", r.valid(), r.numEnvs(), 100 * r.yield()));
        line(b, "generate", String.format(Locale.ROOT,
                "%.1f ms for one generate() call (cold JVM, includes JIT warm-up)", r.millis()));
        if (r.npz() != null) {
            line(b, "npz", r.npz().toString());
        }
        if (r.preview() != null) {
            line(b, "preview", r.preview().toString());
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String key, String value) {
        b.append(String.format(Locale.ROOT, "%-10s %s%n", key, value));
    }
}
