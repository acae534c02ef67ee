package dev.weir.tools.scenario;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads an element file (CSV with the header {@code at,channel,kind,key,ts,value}, columns in
 * any order) one row at a time, checking each row before it is handed out: a bad row is an
 * {@link ElementFileException} naming the file, line and field. Blank lines and lines that
 * start with {@code #} are skipped; fields may be double-quoted.
 */
public final class ElementFileReader implements Closeable {
    private static final List<String> COLUMNS = List.of("at", "channel", "kind", "key", "ts", "value");

    private final String file;
    private final BufferedReader reader;
    private final int[] columnIndex = new int[COLUMNS.size()];
    private final ElementRow row = new ElementRow();
    private final int channels;
    private int line;
    private long lastAtMillis = Long.MIN_VALUE;
    private int lastAtLine;

    /**
     * @param file the file's name, for messages
     * @param reader the file's text
     * @param channels the job's channel count, to check the channel column
     */
    public ElementFileReader(final String file, final BufferedReader reader, final int channels) {
        this.file = file;
        this.reader = reader;
        this.channels = channels;
        readHeader();
    }

    private void readHeader() {
        final String header = nextLine();
        if (header == null) {
            throw new ElementFileException(file, 0, null, "the element file is empty; it needs the header " + String.join(",", COLUMNS));
        }
        final List<String> names = split(header);
        Arrays.fill(columnIndex, -1);
        for (int i = 0; i < names.size(); i++) {
            final String name = names.get(i).trim();
            final int column = COLUMNS.indexOf(name);
            if (column < 0) {
                throw new ElementFileException(file, line, name, "unknown column (the header must name " + String.join(",", COLUMNS) + ")");
            }
            if (columnIndex[column] >= 0) {
                throw new ElementFileException(file, line, name, "column named twice in the header");
            }
            columnIndex[column] = i;
        }
        for (int column = 0; column < COLUMNS.size(); column++) {
            if (columnIndex[column] < 0) {
                throw new ElementFileException(file, line, COLUMNS.get(column),
                        "missing from the header (the header must name " + String.join(",", COLUMNS) + ")");
            }
        }
    }

    /**
     * @return the next row, valid, or null at the end of the file; the same object is refilled each call
     * @throws ElementFileException on a bad row
     */
    public ElementRow next() {
        final String text = nextLine();
        if (text == null) {
            return null;
        }
        final List<String> fields = split(text);
        if (fields.size() != COLUMNS.size()) {
            throw new ElementFileException(file, line, null, "expected " + COLUMNS.size() + " fields (" + String.join(",", COLUMNS)
                    + "), found " + fields.size());
        }
        row.line = line;
        row.atMillis = number(fields, 0, true);
        if (row.atMillis < 0) {
            throw new ElementFileException(file, line, "at", row.atMillis + " is negative (processing time starts at 0)");
        }
        if (row.atMillis < lastAtMillis) {
            throw new ElementFileException(file, line, "at", row.atMillis + " is before " + lastAtMillis + " on line " + lastAtLine
                    + " (rows must be in non-decreasing 'at' order)");
        }
        lastAtMillis = row.atMillis;
        lastAtLine = line;
        final long channel = number(fields, 1, true);
        if (channel < 0 || channel >= channels) {
            throw new ElementFileException(file, line, "channel", channel + " is not a channel of this job (channels: 0.."
                    + (channels - 1) + ")");
        }
        row.channel = (int) channel;
        final String kind = field(fields, 2);
        try {
            row.kind = ElementKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new ElementFileException(file, line, "kind", "'" + kind + "' is not a row kind (R, W, I, A or E)");
        }
        row.key = null;
        row.timestamp = 0;
        row.value = 0;
        switch (row.kind) {
            case R:
                row.key = field(fields, 3);
                if (row.key.isEmpty()) {
                    throw new ElementFileException(file, line, "key", "missing: a record needs a key");
                }
                if (field(fields, 4).isEmpty()) {
                    throw new ElementFileException(file, line, "ts", "missing: a record needs an event timestamp");
                }
                row.timestamp = number(fields, 4, true);
                row.value = number(fields, 5, true);
                break;
            case W:
                if (field(fields, 4).isEmpty()) {
                    throw new ElementFileException(file, line, "ts", "missing: a W row needs the watermark in 'ts'");
                }
                row.timestamp = number(fields, 4, true);
                break;
            default:
                break;
        }
        return row;
    }

    private String field(final List<String> fields, final int column) {
        return fields.get(columnIndex[column]).trim();
    }

    private long number(final List<String> fields, final int column, final boolean required) {
        final String text = field(fields, column);
        if (text.isEmpty()) {
            if (required) {
                throw new ElementFileException(file, line, COLUMNS.get(column), "missing");
            }
            return 0;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new ElementFileException(file, line, COLUMNS.get(column), "'" + text + "' is not a 64-bit integer");
        }
    }

    private String nextLine() {
        try {
            String text;
            do {
                text = reader.readLine();
                line++;
            } while (text != null && (text.isBlank() || text.startsWith("#")));
            return text;
        } catch (IOException e) {
            throw new ElementFileException(file, line, null, "cannot read: " + e.getMessage());
        }
    }

    private List<String> split(final String text) {
        final List<String> fields = new ArrayList<>(COLUMNS.size());
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new ElementFileException(file, line, null, "unterminated quoted field");
        }
        fields.add(field.toString());
        return fields;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
