package dev.weir.codec.input;

/**
 * Quotes user input for an error message, at most {@link #MAX_CHARS} characters of it, so a
 * huge bad line cannot flood the terminal: {@code 'abc'}, or {@code 'abc…'} when cut.
 * Invisible characters (control and format characters such as ESC, NUL or a byte order mark)
 * are written as Java-style escapes: a tab, carriage return or line feed as backslash and
 * {@code t}, {@code r} or {@code n}, any other as backslash, {@code u} and four hex digits. So a
 * bad line cannot move the cursor, recolour the terminal or hide what is wrong with it.
 * Stateless and thread-safe.
 */
public final class QuotedText {
    /** The most characters of the input a message quotes. */
    public static final int MAX_CHARS = 200;

    private QuotedText() {
    }

    /**
     * @param text the input to quote
     * @return the text in single quotes, cut to {@link #MAX_CHARS} characters with {@code …}
     */
    public static String of(final CharSequence text) {
        return "'" + excerpt(text) + "'";
    }

    /**
     * @param text the input to cite
     * @return the text cut to {@link #MAX_CHARS} characters with {@code …}, without quotes,
     *     control and format characters escaped
     */
    public static String excerpt(final CharSequence text) {
        if (text.length() <= MAX_CHARS) {
            return escaped(text, text.length());
        }
        int end = MAX_CHARS;
        // never split a surrogate pair: half a character would print as garbage
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return escaped(text, end) + "…";
    }

    private static String escaped(final CharSequence text, final int end) {
        final StringBuilder out = new StringBuilder(end);
        for (int i = 0; i < end; i++) {
            final char c = text.charAt(i);
            final int type = Character.getType(c);
            if (c == '\t') {
                out.append("\\t");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\n') {
                out.append("\\n");
            } else if (type == Character.CONTROL || type == Character.FORMAT) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
