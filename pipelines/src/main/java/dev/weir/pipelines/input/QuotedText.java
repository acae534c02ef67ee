package dev.weir.pipelines.input;

/**
 * Quotes user input for an error message, at most {@link #MAX_CHARS} characters of it, so a
 * huge bad line cannot flood the terminal: {@code 'abc'}, or {@code 'abc…'} when cut.
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
     * @return the text cut to {@link #MAX_CHARS} characters with {@code …}, without quotes
     */
    public static String excerpt(final CharSequence text) {
        if (text.length() <= MAX_CHARS) {
            return text.toString();
        }
        int end = MAX_CHARS;
        // never split a surrogate pair: half a character would print as garbage
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.subSequence(0, end) + "…";
    }
}
