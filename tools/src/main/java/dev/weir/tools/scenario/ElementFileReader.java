package dev.weir.tools.scenario;

import dev.weir.pipelines.input.CsvFields;
import dev.weir.pipelines.input.CsvQuoteException;
import dev.weir.pipelines.input.DecimalLong;
import dev.weir.pipelines.input.QuotedText;
import dev.weir.source.BadLineException;
import dev.weir.source.LineReader;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * Reads an element file (CSV with the header {@code at,channel,kind,key,ts,value}, columns in
 * any order) one row at a time, checking each row before it is handed out: a bad row is an
 * {@link ElementFileException} naming the file, line and field. Blank lines and lines that
 * start with {@code #} are skipped; fields follow the {@link CsvFields} rule (spaces around a
 * field dropped; double quotes keep commas and spaces). Columns a row kind does not use must be
 * empty. Messages quote at most {@link QuotedText#MAX_CHARS} characters of a bad field. Not
 * thread-safe.
 */
public final class ElementFileReader implements Closeable {
    private static final List<String> COLUMNS = List.of("at", "channel", "kind", "key", "ts", "value");

    private final String file;
    private final LineReader lines;
    private final StringBuilder text = new StringBuilder(128);
    private final int[] columnIndex = new int[COLUMNS.size()];
    private final ElementRow row = new ElementRow();
    private final int channels;
    private int line;
    private long lastAtMillis = Long.MIN_VALUE;
    private int lastAtLine;

    /**
     * @param file the file's name, for messages
     * @param lines the file's lines (a bad byte or an overlong line is an error at its line)
     * @param channels the job's channel count, to check the channel column
     */
    public ElementFileReader(final String file, final LineReader lines, final int channels) {
        this.file = file;
        this.lines = lines;
        this.channels = channels;
        readHeader();
    }

    private void readHeader() {
        final String header = nextLine();
        if (header == null) {
            throw new ElementFileException(file, 0, null, "the element file is empty; it needs the header " + String.join(",", COLUMNS));
        }
        Arrays.fill(columnIndex, -1);
        final List<String> names = split(header);
        for (int i = 0; i < names.size(); i++) {
            final String name = names.get(i);
            final int column = COLUMNS.indexOf(name);
            if (column < 0) {
                throw new ElementFileException(file, line, QuotedText.excerpt(name),
                        "unknown column (the header must name " + String.join(",", COLUMNS) + ")");
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
            throw new ElementFileException(file, line, "kind", QuotedText.of(kind) + " is not a row kind (R, W, I, A or E)");
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
                unused(fields, 3, "W");
                unused(fields, 5, "W");
                break;
            default:
                unused(fields, 3, kind);
                unused(fields, 4, kind);
                unused(fields, 5, kind);
                break;
        }
        return row;
    }

    /** A column the row kind does not use must be empty: text there is a mistake, not something to ignore. */
    private void unused(final List<String> fields, final int column, final String kind) {
        final String text = field(fields, column);
        if (!text.isEmpty()) {
            throw new ElementFileException(file, line, COLUMNS.get(column),
                    "must be empty in " + (kind.equals("W") ? "a " : "an ") + kind + " row, got " + QuotedText.of(text));
        }
    }

    private String field(final List<String> fields, final int column) {
        return fields.get(columnIndex[column]);
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
            return DecimalLong.parse(text);
        } catch (NumberFormatException e) {
            throw new ElementFileException(file, line, COLUMNS.get(column), QuotedText.of(text) + " is not a 64-bit integer");
        }
    }

    private String nextLine() {
        try {
            while (lines.next(text)) {
                line = (int) lines.lineNumber();
                if (!CsvFields.isSkipped(text)) {
                    return text.toString();
                }
            }
            return null;
        } catch (BadLineException e) {
            throw new ElementFileException(file, (int) e.line(), null, e.getMessage());
        } catch (IOException e) {
            throw new ElementFileException(file, line + 1, null, "cannot read: " + e.getMessage());
        }
    }

    private List<String> split(final String text) {
        try {
            return CsvFields.split(text, COLUMNS.size());
        } catch (CsvQuoteException e) {
            throw new ElementFileException(file, line, columnName(e.field()), e.getMessage());
        }
    }

    /** The header's name of the field at an index of a line, or null past the header's columns. */
    private String columnName(final int index) {
        for (int column = 0; column < columnIndex.length; column++) {
            if (columnIndex[column] == index) {
                return COLUMNS.get(column);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
