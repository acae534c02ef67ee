package dev.weir.pipelines.inspect;

/**
 * Writes one JSON value into a {@link StringBuilder}: objects and arrays opened and closed in order, commas put
 * where they belong, strings escaped (quote, backslash, control characters). Not thread-safe.
 */
final class JsonText {
    private final StringBuilder out = new StringBuilder();
    /** Per open object or array: whether a member was written (bit set) - deep enough for any report. */
    private long written;
    private int depth;

    JsonText beginObject(final String name) {
        member(name);
        out.append('{');
        return open();
    }

    JsonText endObject() {
        depth--;
        out.append('}');
        return this;
    }

    JsonText beginArray(final String name) {
        member(name);
        out.append('[');
        return open();
    }

    JsonText endArray() {
        depth--;
        out.append(']');
        return this;
    }

    JsonText field(final String name, final String value) {
        member(name);
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        return this;
    }

    JsonText field(final String name, final long value) {
        member(name);
        out.append(value);
        return this;
    }

    JsonText field(final String name, final boolean value) {
        member(name);
        out.append(value);
        return this;
    }

    /** A number, or null where it is not one (NaN: a rate over an empty time range). */
    JsonText field(final String name, final double value) {
        member(name);
        out.append(Double.isFinite(value) ? Double.toString(value) : "null");
        return this;
    }

    JsonText nullField(final String name) {
        member(name);
        out.append("null");
        return this;
    }

    private JsonText open() {
        depth++;
        written &= ~(1L << depth);
        return this;
    }

    /** Writes the comma before any but the first member, and the name (null inside an array or at the top). */
    private void member(final String name) {
        if ((written & (1L << depth)) != 0) {
            out.append(',');
        }
        written |= 1L << depth;
        if (name != null) {
            string(name);
            out.append(':');
        }
    }

    private void string(final String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
