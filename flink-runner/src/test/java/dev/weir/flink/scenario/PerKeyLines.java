package dev.weir.flink.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rule by which a Flink run is compared with a scenario's expected output: every key's
 * {@code FIRE} and {@code LATE} lines in order, {@code wm=} included, and the other lines
 * ({@code # lateDropped=N}) in order. Lines of different keys may interleave differently: a
 * watermark fires the windows of all keys, and Flink's timer queue orders those firings by time
 * and then by its own key order, Weir's by time and then by its own (docs/scenarios.md allows
 * the same freedom). Within one key, the firings of one watermark (consecutive {@code FIRE} lines with
 * the same {@code wm=}) compare as a sorted run: a watermark that passes several windows' fire
 * times (sliding windows, continuous triggers) fires them in timer order on Flink and in window
 * order on Weir, the freedom of step 3 of the canonical form. For session jobs a line's elements compare as a multiset (sorted), since the
 * order in which merged windows' elements are joined follows the state's merge order
 * (docs/scenarios.md, "Comparing output").
 */
public final class PerKeyLines {
    private PerKeyLines() {
    }

    /**
     * @param lines a run's lines
     * @param session true for a session-window job
     * @return key → that key's lines in order; the lines without a key under the empty string
     */
    public static Map<String, List<String>> of(final List<String> lines, final boolean session) {
        final Map<String, List<String>> byKey = new TreeMap<>();
        for (final String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            byKey.computeIfAbsent(key(line), k -> new ArrayList<>()).add(session ? sortedElements(line) : line);
        }
        byKey.values().forEach(PerKeyLines::sortRunsOfOneWatermark);
        return byKey;
    }

    /** Sorts each run of consecutive FIRE lines that end in the same {@code wm=}: the firings of one watermark. */
    private static void sortRunsOfOneWatermark(final List<String> lines) {
        int start = 0;
        while (start < lines.size()) {
            int end = start + 1;
            final String watermark = watermark(lines.get(start));
            while (watermark != null && end < lines.size() && watermark.equals(watermark(lines.get(end)))) {
                end++;
            }
            lines.subList(start, end).sort(null);
            start = end;
        }
    }

    private static String watermark(final String line) {
        final int at = line.lastIndexOf(" wm=");
        return line.startsWith("FIRE ") && at >= 0 ? line.substring(at) : null;
    }

    private static String key(final String line) {
        if (line.startsWith("FIRE key=")) {
            return line.substring("FIRE key=".length(), line.lastIndexOf(" window="));
        }
        if (line.startsWith("LATE key=")) {
            return line.substring("LATE key=".length(), line.lastIndexOf(" ts="));
        }
        return "";
    }

    public static String sortedElements(final String line) {
        final int open = line.indexOf("elements=[");
        if (!line.startsWith("FIRE ") || open < 0) {
            return line;
        }
        final int start = open + "elements=[".length();
        final int end = line.indexOf(']', start);
        final long[] elements = Arrays.stream(line.substring(start, end).split(",")).mapToLong(Long::parseLong).toArray();
        Arrays.sort(elements);
        final StringBuilder sorted = new StringBuilder(line.substring(0, start));
        for (int i = 0; i < elements.length; i++) {
            sorted.append(i > 0 ? "," : "").append(elements[i]);
        }
        return sorted.append(line.substring(end)).toString();
    }
}
