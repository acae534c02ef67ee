package dev.weir.pipelines.replay;

import java.math.BigDecimal;
import java.util.List;

/**
 * Turns {@link ResultRow}s into text lines of one {@link OutputFormat}. Text values come from captures and may hold
 * any bytes: in {@code csv} and {@code lines} every control character (U+0000 to U+001F, U+007F to U+009F) and the backslash
 * are escaped as in C ({@code \n}, {@code \r}, {@code \t}, {@code \\}, else {@code \xHH}), so that a row is one line
 * and a terminal never acts on it; a csv field holding a comma or a double quote is then quoted per RFC 4180
 * (quotes doubled). {@code jsonl} escapes them the JSON way. Not thread-safe: the sink that writes the rows owns it.
 */
public final class RowPrinter implements RowWriter {
    private static final long[] POWERS_OF_TEN = powersOfTen();
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final BigDecimal LONG_DIGITS = BigDecimal.valueOf(Long.MAX_VALUE);

    private final OutputFormat format;
    private final List<String> columns;
    private final boolean plainText;
    private final StringBuilder line = new StringBuilder(128);
    private int column;

    /**
     * @param format the output format
     * @param schema the rows' columns
     */
    public RowPrinter(final OutputFormat format, final RowSchema schema) {
        this.format = schema.plainText() ? OutputFormat.LINES : format;
        this.columns = schema.columns();
        this.plainText = schema.plainText();
    }

    /** @return the header line for CSV ({@code symbol,window_start,...}); {@code null} for the other formats and text lines */
    public String header() {
        return format == OutputFormat.CSV && !plainText ? String.join(",", columns) : null;
    }

    /**
     * @param row a row
     * @return its line, without a line separator
     * @throws IllegalStateException if the row wrote more or fewer values than the schema has columns
     */
    public String line(final ResultRow row) {
        line.setLength(0);
        column = 0;
        if (format == OutputFormat.JSONL) {
            line.append('{');
        }
        row.writeTo(this);
        if (column != columns.size()) {
            throw new IllegalStateException("a row wrote " + column + " values for " + columns.size() + " columns " + columns);
        }
        if (format == OutputFormat.JSONL) {
            line.append('}');
        }
        return line.toString();
    }

    @Override
    public RowWriter text(final CharSequence value) {
        startValue();
        switch (format) {
            case CSV -> csvText(value);
            case JSONL -> jsonText(value);
            default -> {
                if (plainText) {
                    line.append(value); // a job file's FIRE and LATE lines, made by Weir
                } else {
                    escaped(value, 0, value.length());
                }
            }
        }
        return this;
    }

    @Override
    public RowWriter number(final long value) {
        startValue();
        line.append(value);
        return this;
    }

    @Override
    public RowWriter fixed(final long unscaled, final int scale) {
        if (scale < 0 || scale >= POWERS_OF_TEN.length) {
            throw new IllegalArgumentException("scale must be 0 to " + (POWERS_OF_TEN.length - 1) + ": " + scale);
        }
        startValue();
        if (scale == 0) {
            line.append(unscaled);
            return this;
        }
        final long power = POWERS_OF_TEN[scale];
        if (unscaled < 0) {
            line.append('-');
        }
        // Long.MIN_VALUE has no positive counterpart: work on the negative side, where every long fits
        final long negative = unscaled < 0 ? unscaled : -unscaled;
        line.append(-(negative / power)).append('.');
        final long fraction = -(negative % power);
        // leading zeros of the fraction, then its digits: no string made for it
        for (long digit = power / 10; digit > fraction && digit > 1; digit /= 10) {
            line.append('0');
        }
        line.append(fraction);
        return this;
    }

    @Override
    public RowWriter decimal(final double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite value: " + value);
        }
        startValue();
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            line.append((long) value);
        } else {
            line.append(BigDecimal.valueOf(value).stripTrailingZeros().toPlainString());
        }
        return this;
    }

    @Override
    public RowWriter decimal(final BigDecimal value) {
        startValue();
        final BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() <= 0 && stripped.abs().compareTo(LONG_DIGITS) < 0) {
            line.append(stripped.longValueExact());
        } else {
            line.append(stripped.toPlainString());
        }
        return this;
    }

    private void startValue() {
        if (column >= columns.size()) {
            throw new IllegalStateException("a row wrote more values than its " + columns.size() + " columns " + columns);
        }
        switch (format) {
            case CSV -> {
                if (column > 0) {
                    line.append(',');
                }
            }
            case JSONL -> {
                if (column > 0) {
                    line.append(',');
                }
                line.append('"').append(columns.get(column)).append("\":");
            }
            default -> {
                if (plainText) {
                    break;
                }
                if (column > 0) {
                    line.append(' ');
                }
                line.append(columns.get(column)).append('=');
            }
        }
        column++;
    }

    private void csvText(final CharSequence value) {
        boolean quote = false;
        for (int i = 0; i < value.length() && !quote; i++) {
            final char c = value.charAt(i);
            quote = c == ',' || c == '"';
        }
        if (!quote) {
            escaped(value, 0, value.length());
            return;
        }
        line.append('"');
        int from = 0;
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) == '"') {
                escaped(value, from, i + 1);
                line.append('"');
                from = i + 1;
            }
        }
        escaped(value, from, value.length());
        line.append('"');
    }

    /** Appends {@code value[from, to)} with control characters and backslashes escaped as in C. */
    private void escaped(final CharSequence value, final int from, final int to) {
        for (int i = from; i < to; i++) {
            final char c = value.charAt(i);
            if (c >= 0x20 && (c < 0x7F || c > 0x9F) && c != '\\') {
                line.append(c);
                continue;
            }
            switch (c) {
                case '\\' -> line.append("\\\\");
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> line.append("\\x").append(HEX[c >>> 4]).append(HEX[c & 0xF]);
            }
        }
    }

    private void jsonText(final CharSequence value) {
        line.append('"');
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            switch (c) {
                case '"' -> line.append("\\\"");
                case '\\' -> line.append("\\\\");
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (c < 0x20) {
                        line.append(String.format("\\u%04x", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        line.append('"');
    }

    private static long[] powersOfTen() {
        final long[] powers = new long[19];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }
}
