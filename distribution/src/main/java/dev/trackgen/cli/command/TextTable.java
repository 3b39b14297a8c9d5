package dev.trackgen.cli.command;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns sized to their widest cell; the last column is not padded. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    TextTable row(String... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " cells, got " + cells.length);
        }
        rows.add(cells);
        return this;
    }

    String render() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(r[c]);
                if (c < columns - 1) {
                    line.append(" ".repeat(width[c] - r[c].length() + 2));
                }
            }
            b.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return b.toString();
    }
}
