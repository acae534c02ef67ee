package dev.weir.codec.input;

import java.util.ArrayList;
import java.util.List;

/**
 * The one field rule of element files and record files (docs/scenarios.md): a line is split
 * at commas; spaces and tabs around a field are dropped; a field may be enclosed in double
 * quotes, and then everything between the quotes is taken as is (commas and spaces included,
 * {@code ""} for one quote). A quote inside an unquoted field, text after a closing quote and
 * an unterminated quote are errors. Stateless and thread-safe.
 */
public final class CsvFields {
    private CsvFields() {
    }

    /**
     * @param line one line, without its terminator
     * @param expected how many fields to expect, to size the list
     * @return the fields, in order (an empty line is one empty field)
     * @throws CsvQuoteException if the quotes are wrong; it names the field and says how
     */
    public static List<String> split(final CharSequence line, final int expected) {
        final List<String> fields = new ArrayList<>(expected);
        final int length = line.length();
        StringBuilder quoted = null;
        int i = 0;
        while (true) {
            i = skipBlanks(line, i);
            if (i < length && line.charAt(i) == '"') {
                if (quoted == null) {
                    quoted = new StringBuilder();
                }
                quoted.setLength(0);
                i = skipBlanks(line, quoted(line, i + 1, quoted, fields.size()));
                if (i < length && line.charAt(i) != ',') {
                    throw new CsvQuoteException(fields.size(), "text after the closing quote");
                }
                fields.add(quoted.toString());
            } else {
                final int start = i;
                while (i < length && line.charAt(i) != ',') {
                    if (line.charAt(i) == '"') {
                        throw new CsvQuoteException(fields.size(),
                                "a quote inside an unquoted field (quote the whole field and double the quote)");
                    }
                    i++;
                }
                int end = i;
                while (end > start && isBlank(line.charAt(end - 1))) {
                    end--;
                }
                // straight from the line: an unquoted field needs no copy through a buffer
                fields.add(line.subSequence(start, end).toString());
            }
            if (i >= length) {
                return fields;
            }
            i++; // the comma
        }
    }

    /**
     * @param line one line, without its terminator
     * @return true for the lines both formats skip: blank ones and those starting with {@code #}
     */
    public static boolean isSkipped(final CharSequence line) {
        if (line.length() > 0 && line.charAt(0) == '#') {
            return true;
        }
        for (int i = 0; i < line.length(); i++) {
            if (!Character.isWhitespace(line.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static int quoted(final CharSequence line, final int from, final StringBuilder field, final int index) {
        for (int i = from; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (c != '"') {
                field.append(c);
            } else if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else {
                return i + 1;
            }
        }
        throw new CsvQuoteException(index, "unterminated quoted field");
    }

    private static int skipBlanks(final CharSequence line, final int from) {
        int i = from;
        while (i < line.length() && isBlank(line.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isBlank(final char c) {
        return c == ' ' || c == '\t';
    }
}
