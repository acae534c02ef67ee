package dev.weir.tools.run;

import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.WindowResult;
import dev.weir.window.GlobalWindow;
import dev.weir.window.TimeWindow;
import dev.weir.window.Window;
import java.math.BigInteger;

/**
 * Reads back the canonical {@code FIRE} and {@code LATE} lines another engine hands over ({@code --engine flink}),
 * so that {@code weir run} prints them in the chosen format. The key is the only free text and stands first, so
 * every other field is found from the end of the line: a key holding {@code " window="} reads right too. Stateless.
 */
final class FireLineText {
    private static final String FIRE = "FIRE key=";
    private static final String LATE = "LATE key=";

    private FireLineText() {
    }

    /** @return true for a {@code FIRE} line */
    static boolean isFire(final String line) {
        return line.startsWith(FIRE);
    }

    /**
     * @param line {@code FIRE key=K window=W count=N sum=S elements=[...] wm=W}
     * @return its key, window, count and sum
     * @throws IllegalArgumentException if it is not such a line
     */
    static WindowResult fire(final String line) {
        final int wm = lastBefore(line, " wm=", line.length());
        final int elements = lastBefore(line, " elements=[", wm);
        final int sum = lastBefore(line, " sum=", elements);
        final int count = lastBefore(line, " count=", sum);
        final int window = lastBefore(line, " window=", count);
        if (!line.startsWith(FIRE) || window < FIRE.length()) {
            throw new IllegalArgumentException("not a FIRE line: " + line);
        }
        return WindowResult.of(line.substring(FIRE.length(), window), window(line.substring(window + 8, count)),
                Long.parseLong(line.substring(count + 7, sum)), new BigInteger(line.substring(sum + 5, elements)));
    }

    /**
     * @param line {@code LATE key=K ts=T value=V}
     * @return the late record
     * @throws IllegalArgumentException if it is not such a line
     */
    static ScenarioRecord late(final String line) {
        final int value = lastBefore(line, " value=", line.length());
        final int ts = lastBefore(line, " ts=", value);
        if (!line.startsWith(LATE) || ts < LATE.length()) {
            throw new IllegalArgumentException("not a LATE line: " + line);
        }
        return new ScenarioRecord(line.substring(LATE.length(), ts), Long.parseLong(line.substring(ts + 4, value)),
                Long.parseLong(line.substring(value + 7)));
    }

    private static Window window(final String text) {
        if ("global".equals(text)) {
            return GlobalWindow.INSTANCE;
        }
        final int comma = text.indexOf(',');
        if (!text.startsWith("[") || !text.endsWith(")") || comma < 0) {
            throw new IllegalArgumentException("not a window: " + text);
        }
        return new TimeWindow(Long.parseLong(text.substring(1, comma)), Long.parseLong(text.substring(comma + 1, text.length() - 1)));
    }

    private static int lastBefore(final String line, final String field, final int end) {
        final int at = end < 0 ? -1 : line.lastIndexOf(field, end - 1);
        if (at < 0) {
            throw new IllegalArgumentException("no '" + field.trim() + "' in " + line);
        }
        return at;
    }
}
