package dev.weir.pipelines.nexmark;

/** A text field of a query's CSV row: quoted, with its quotes doubled, when it holds a comma, a quote or a line break (RFC 4180). */
public final class CsvText {
    private CsvText() {
    }

    /**
     * @param text a field's text
     * @return the text as a CSV field
     */
    public static String field(final String text) {
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return '"' + text.replace("\"", "\"\"") + '"';
            }
        }
        return text;
    }
}
