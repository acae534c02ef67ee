package dev.weir.flink.sql;

import java.nio.charset.StandardCharsets;
import org.apache.flink.table.functions.ScalarFunction;

/**
 * The user-defined function {@code count_char(s, c)} of Nexmark query 14, with the meaning the Nexmark project gives
 * it: how many bytes of {@code s} (UTF-8) equal the first byte of {@code c}; 0 for a null {@code s}.
 */
public final class CountChar extends ScalarFunction {
    private static final long serialVersionUID = 1L;

    /**
     * @param text the text searched, or null
     * @param character the character counted: its first byte
     * @return how many times it occurs
     */
    public long eval(final String text, final String character) {
        if (text == null) {
            return 0L;
        }
        final byte wanted = character.getBytes(StandardCharsets.UTF_8)[0];
        long count = 0;
        for (final byte b : text.getBytes(StandardCharsets.UTF_8)) {
            if (b == wanted) {
                count++;
            }
        }
        return count;
    }
}
