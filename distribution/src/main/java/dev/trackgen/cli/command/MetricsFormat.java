package dev.trackgen.cli.command;

import dev.trackgen.cli.output.JsonText;
import dev.trackgen.metrics.MetricsRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code metrics} table in four forms: aligned text, CSV, JSON and Markdown. Keys follow the
 * original implementation's benchmarks/compare_generators.py (AntoineRichard/TrackGen on GitHub) where it has them.
 */
final class MetricsFormat {
    /** Output forms of {@code metrics} and {@code bench}. */
    enum Format { table, csv, json, markdown }

    private record Column(String key, String header, Function<MetricsRow, Object> value, String pattern) {
    }

    /** The median compactness key, as the original's compare_generators.py names it. */
    static final String COMPACTNESS_P50 = "compactness_p50";
    /** The key this project used before {@link #COMPACTNESS_P50}; JSON rows still carry it, as an alias. */
    static final String COMPACTNESS_P50_OLD_KEY = "median_compactness";

    private static final List<Column> COLUMNS = List.of(
            new Column("generator", "generator", MetricsRow::name, null),
            new Column("tracks", "E", MetricsRow::tracks, null),
            new Column("yield", "yield", MetricsRow::yield, "%.4f"),
            new Column("pre_relax_self_intersection_rate", "self-int", MetricsRow::selfIntersectionRate, "%.4f"),
            new Column("spaced_self_intersection_rate", "self-int cs", MetricsRow::spacedSelfIntersectionRate, "%.4f"),
            new Column("xpbd_displacement", "xpbd disp", MetricsRow::xpbdDisplacement, "%.4f"),
            new Column("mean_length", "length", MetricsRow::meanLength, "%.2f"),
            new Column("mean_compactness", "compact", MetricsRow::meanCompactness, "%.3f"),
            new Column(COMPACTNESS_P50, "compact p50", MetricsRow::medianCompactness, "%.3f"),
            new Column("compactness_degenerate_rate", "degenerate", MetricsRow::degenerateCompactnessRate, "%.3f"),
            new Column("shape_variety_pass", "variety", MetricsRow::shapeVarietyPass, null),
            new Column("mean_chicanes", "chicanes", MetricsRow::meanChicanes, "%.1f"),
            new Column("straight_frac", "straight", MetricsRow::straightFraction, "%.3f"),
            new Column("peak_curvature", "peak k", MetricsRow::peakCurvature, "%.2f"),
            new Column("lap_time", "lap time", MetricsRow::lapTime, "%.2f"),
            new Column("half_width_min", "hw min", r -> r.widths().min(), "%.4f"),
            new Column("half_width_mean", "hw mean", r -> r.widths().mean(), "%.4f"),
            new Column("half_width_max", "hw max", r -> r.widths().max(), "%.4f"),
            new Column("half_width_left_mean", "hw left", r -> r.widths().meanLeft(), "%.4f"),
            new Column("half_width_right_mean", "hw right", r -> r.widths().meanRight(), "%.4f"),
            new Column("gen_ms_per_call", "ms/call", MetricsRow::msPerCall, "%.1f"));

    private MetricsFormat() {
    }

    static String render(Format format, List<MetricsRow> rows, Map<String, Object> context) {
        return switch (format) {
            case table -> table(rows);
            case csv -> csv(rows);
            case json -> json(rows, context);
            case markdown -> markdown(rows);
        };
    }

    private static String cell(Column c, MetricsRow r) {
        Object v = c.value.apply(r);
        if (v instanceof Boolean b) {
            return b ? "pass" : "FAIL";
        }
        if (v instanceof Double d) {
            return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, c.pattern, d);
        }
        return String.valueOf(v);
    }

    static String table(List<MetricsRow> rows) {
        TextTable t = new TextTable(COLUMNS.stream().map(c -> c.header.toUpperCase(Locale.ROOT)).toArray(String[]::new));
        for (MetricsRow r : rows) {
            t.row(COLUMNS.stream().map(c -> cell(c, r)).toArray(String[]::new));
        }
        return t.render();
    }

    static String markdown(List<MetricsRow> rows) {
        StringBuilder b = new StringBuilder();
        b.append("| ").append(String.join(" | ", COLUMNS.stream().map(Column::header).toList())).append(" |\n");
        b.append("|").append("---|".repeat(COLUMNS.size())).append('\n');
        for (MetricsRow r : rows) {
            b.append("| ").append(String.join(" | ", COLUMNS.stream().map(c -> cell(c, r)).toList())).append(" |\n");
        }
        return b.toString();
    }

    static String csv(List<MetricsRow> rows) {
        StringBuilder b = new StringBuilder(String.join(",", COLUMNS.stream().map(Column::key).toList())).append('\n');
        for (MetricsRow r : rows) {
            List<String> cells = new ArrayList<>();
            for (Column c : COLUMNS) {
                Object v = c.value.apply(r);
                cells.add(v instanceof Double d && d.isNaN() ? "" : String.valueOf(v));
            }
            b.append(String.join(",", cells)).append('\n');
        }
        return b.toString();
    }

    static String json(List<MetricsRow> rows, Map<String, Object> context) {
        Map<String, Object> doc = new LinkedHashMap<>(context);
        List<Map<String, Object>> list = new ArrayList<>();
        for (MetricsRow r : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Column c : COLUMNS) {
                Object v = c.value.apply(r);
                m.put(c.key, v instanceof Double d && !Double.isFinite(d) ? null : v);
            }
            m.put(COMPACTNESS_P50_OLD_KEY, m.get(COMPACTNESS_P50));
            m.put("measured", r.measured());
            list.add(m);
        }
        doc.put("rows", list);
        return JsonText.of(doc) + "\n";
    }
}
