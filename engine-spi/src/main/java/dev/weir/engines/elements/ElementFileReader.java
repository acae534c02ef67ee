package dev.weir.engines.elements;

import dev.weir.codec.input.CsvFields;
import dev.weir.codec.input.CsvQuoteException;
import dev.weir.codec.input.DecimalLong;
import dev.weir.codec.input.QuotedText;
import dev.weir.jobs.scenario.ScenarioInput;
import dev.weir.source.BadLineException;
import dev.weir.source.LineReader;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * Reads an element file (CSV with the header {@code at,channel,kind,key,ts,value}, columns in
 * any order; a two-input job's file has an {@code input} column too, {@code left} or {@code right},
 * and numbers the channels within each input) one row at a time, checking each row before it is handed out: a bad row is an
 * {@link ElementFileException} naming the file, line and field. Blank lines and lines that
 * start with {@code #} are skipped; fields follow the {@link CsvFields} rule (spaces around a
 * field dropped; double quotes keep commas and spaces). Columns a row kind does not use must be
 * empty. Messages quote at most {@link QuotedText#MAX_CHARS} characters of a bad field. Not
 * thread-safe.
 */
public final class ElementFileReader implements Closeable {
    private static final List<String> ONE_INPUT_COLUMNS = List.of("at", "channel", "kind", "key", "ts", "value");
    private static final List<String> TWO_INPUT_COLUMNS = List.of("at", "channel", "kind", "key", "ts", "value", "input");
    /** The index of the {@code input} column in {@link #TWO_INPUT_COLUMNS}. */
    private static final int INPUT = 6;

    private final String file;
    private final LineReader lines;
    private final StringBuilder text = new StringBuilder(128);
    private final List<String> columns;
    private final int[] columnIndex;
    private final ElementRow row = new ElementRow();
    private final int channels;
    private final int rightChannels;
    private int line;
    private long lastAtMillis = Long.MIN_VALUE;
    private int lastAtLine;

    /**
     * @param file the file's name, for messages
     * @param lines the file's lines (a bad byte or an overlong line is an error at its line)
     * @param channels the job's channel count, to check the channel column
     */
    public ElementFileReader(final String file, final LineReader lines, final int channels) {
        this(file, lines, channels, -1);
    }

    /**
     * The element file of a two-input job: its header names the {@code input} column too.
     *
     * @param file the file's name, for messages
     * @param lines the file's lines (a bad byte or an overlong line is an error at its line)
     * @param leftChannels the channel count of the left input
     * @param rightChannels the channel count of the right input
     * @return the reader, past the header
     */
    public static ElementFileReader twoInputs(final String file, final LineReader lines, final int leftChannels, final int rightChannels) {
        return new ElementFileReader(file, lines, leftChannels, rightChannels);
    }

    private ElementFileReader(final String file, final LineReader lines, final int channels, final int rightChannels) {
        this.file = file;
        this.lines = lines;
        this.channels = channels;
        this.rightChannels = rightChannels;
        this.columns = rightChannels < 0 ? ONE_INPUT_COLUMNS : TWO_INPUT_COLUMNS;
        this.columnIndex = new int[columns.size()];
        readHeader();
    }

    /** The header a file of this job must have, in the documented order. */
    private String headerText() {
        return rightChannels < 0 ? String.join(",", ONE_INPUT_COLUMNS) : "at,input,channel,kind,key,ts,value";
    }

    private void readHeader() {
        final String header = nextLine();
        if (header == null) {
            throw new ElementFileException(file, 0, null, "the element file is empty; it needs the header " + headerText());
        }
        Arrays.fill(columnIndex, -1);
        final List<String> names = split(header);
        for (int i = 0; i < names.size(); i++) {
            final String name = names.get(i);
            final int column = columns.indexOf(name);
            if (column < 0) {
                final String why = name.equals("input")
                        ? " (only a two-input job, one with an 'inputs' section, has an input column)" : "";
                throw new ElementFileException(file, line, QuotedText.excerpt(name),
                        "unknown column (the header must name " + headerText() + ")" + why);
            }
            if (columnIndex[column] >= 0) {
                throw new ElementFileException(file, line, name, "column named twice in the header");
            }
            columnIndex[column] = i;
        }
        for (int column = 0; column < columns.size(); column++) {
            if (columnIndex[column] < 0) {
                final String why = column == INPUT ? " (a two-input job's rows name their input: left or right)" : "";
                throw new ElementFileException(file, line, columns.get(column),
                        "missing from the header (the header must name " + headerText() + ")" + why);
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
        if (fields.size() != columns.size()) {
            throw new ElementFileException(file, line, null, "expected " + columns.size() + " fields (" + headerText()
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
        int inputChannels = channels;
        row.input = null;
        if (rightChannels >= 0) {
            final String input = field(fields, INPUT);
            row.input = ScenarioInput.byId(input);
            if (row.input == null) {
                throw new ElementFileException(file, line, "input", input.isEmpty() ? "missing: a row names its input, left or right"
                        : QuotedText.of(input) + " is not an input (left or right)");
            }
            inputChannels = row.input == ScenarioInput.LEFT ? channels : rightChannels;
        }
        final long channel = number(fields, 1, true);
        if (channel < 0 || channel >= inputChannels) {
            throw new ElementFileException(file, line, "channel", channel + " is not a channel of "
                    + (row.input == null ? "this job" : "input " + row.input.id()) + " (channels: 0.." + (inputChannels - 1) + ")");
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
            throw new ElementFileException(file, line, columns.get(column),
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
                throw new ElementFileException(file, line, columns.get(column), "missing");
            }
            return 0;
        }
        try {
            return DecimalLong.parse(text);
        } catch (NumberFormatException e) {
            throw new ElementFileException(file, line, columns.get(column), QuotedText.of(text) + " is not a 64-bit integer");
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
            return CsvFields.split(text, columns.size());
        } catch (CsvQuoteException e) {
            throw new ElementFileException(file, line, columnName(e.field()), e.getMessage());
        }
    }

    /** The header's name of the field at an index of a line, or null past the header's columns. */
    private String columnName(final int index) {
        for (int column = 0; column < columnIndex.length; column++) {
            if (columnIndex[column] == index) {
                return columns.get(column);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
