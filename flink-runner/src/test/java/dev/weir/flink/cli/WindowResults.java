package dev.weir.flink.cli;

import dev.weir.flink.scenario.PerKeyLines;
import java.util.ArrayList;
import java.util.List;

/**
 * The final results per key and window of a run whose watermarks depend on timing: each
 * {@code FIRE} line without its {@code wm=} and with its elements sorted (records of two
 * channels reach a window in either order), every other line ({@code LATE}, {@code # lateDropped=N})
 * as it is, and the lines sorted. A list, not a set: a firing lost or repeated (a replay after recovery that was not
 * exactly once) shows as a missing or extra line.
 */
final class WindowResults {
    private WindowResults() {
    }

    /** @return the results of {@code lines}, sorted */
    static List<String> of(final List<String> lines) {
        final List<String> results = new ArrayList<>(lines.size());
        for (final String line : lines) {
            if (line.startsWith("FIRE ")) {
                final String sorted = PerKeyLines.sortedElements(line);
                final int watermark = sorted.lastIndexOf(" wm=");
                results.add(watermark < 0 ? sorted : sorted.substring(0, watermark));
            } else if (!line.isBlank()) {
                results.add(line);
            }
        }
        results.sort(null);
        return results;
    }
}
