package dev.weir.flink.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A two-input scenario's lines as compared: each run of consecutive {@code JOIN} lines that share
 * one {@code wm=} sorted, since the pairs one record or one watermark produces may come in any
 * order. Stateless.
 */
final class JoinRuns {
    private JoinRuns() {
    }

    /**
     * @param lines the lines in the order printed
     * @return a copy with each run of JOIN lines of one watermark sorted
     */
    static List<String> sorted(final List<String> lines) {
        final List<String> sorted = new ArrayList<>(lines);
        int start = 0;
        while (start < sorted.size()) {
            int end = start + 1;
            if (sorted.get(start).startsWith("JOIN ")) {
                final String watermark = watermark(sorted.get(start));
                while (end < sorted.size() && sorted.get(end).startsWith("JOIN ") && watermark(sorted.get(end)).equals(watermark)) {
                    end++;
                }
                Collections.sort(sorted.subList(start, end));
            }
            start = end;
        }
        return sorted;
    }

    private static String watermark(final String line) {
        return line.substring(line.lastIndexOf(" wm=") + 1);
    }
}
