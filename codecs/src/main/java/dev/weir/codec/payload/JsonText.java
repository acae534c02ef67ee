package dev.weir.codec.payload;

/**
 * Writes one JSON value into a {@link StringBuilder}: objects and arrays opened and closed in order, commas put
 * where they belong, strings escaped (quote, backslash, control characters). Not thread-safe.
 */
public final class JsonText {
    private final StringBuilder out = new StringBuilder();
    /** Per open object or array: whether a member was written (bit set) - deep enough for any report. */
    private long written;
    private int depth;

    /**
     * @param name the member's name, or null inside an array or for the outermost value
     * @return this, inside the new object
     */
    public JsonText beginObject(final String name) {
        member(name);
        out.append('{');
        return open();
    }

    /** @return this, after the object just closed */
    public JsonText endObject() {
        depth--;
        out.append('}');
        return this;
    }

    /**
     * @param name the member's name, or null inside an array
     * @return this, inside the new array
     */
    public JsonText beginArray(final String name) {
        member(name);
        out.append('[');
        return open();
    }

    /** @return this, after the array just closed */
    public JsonText endArray() {
        depth--;
        out.append(']');
        return this;
    }

    /**
     * @param name the member's name, or null inside an array
     * @param value the value (null for JSON null)
     * @return this, after the member
     */
    public JsonText field(final String name, final String value) {
        member(name);
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        return this;
    }

    /**
     * @param name the member's name, or null inside an array
     * @param value the value
     * @return this, after the member
     */
    public JsonText field(final String name, final long value) {
        member(name);
        out.append(value);
        return this;
    }

    /**
     * @param name the member's name, or null inside an array
     * @param value the value
     * @return this, after the member
     */
    public JsonText field(final String name, final boolean value) {
        member(name);
        out.append(value);
        return this;
    }

    /** A number, or null where it is not one (NaN: a rate over an empty time range). */
    public JsonText field(final String name, final double value) {
        member(name);
        out.append(Double.isFinite(value) ? Double.toString(value) : "null");
        return this;
    }

    /**
     * @param name the member's name, or null inside an array
     * @return this, after a JSON null
     */
    public JsonText nullField(final String name) {
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
