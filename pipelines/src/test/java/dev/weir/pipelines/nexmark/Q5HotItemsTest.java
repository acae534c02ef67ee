package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q5HotItemsTest {
    @Test
    void theAuctionsWithTheMostBidsInEverySlidingWindow() {
        check(QueryRun.CONFIG);
    }

    @Test
    void theAuctionsWithTheMostBidsInEverySlidingWindowOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        // window start -> auction -> bids; a window [s, s + 10 s) for every s, a multiple of 2 s, with s <= t < s + 10 s
        final Map<Long, Map<Long, Long>> windows = new TreeMap<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                final long t = event.bid().dateTime();
                for (long start = Math.floorDiv(t, 2_000L) * 2_000L; start > t - 10_000L; start -= 2_000L) {
                    windows.computeIfAbsent(start, s -> new TreeMap<>()).merge(event.bid().auction(), 1L, Long::sum);
                }
            }
        });
        final List<String> expected = new ArrayList<>();
        windows.forEach((start, counts) -> {
            final long most = counts.values().stream().mapToLong(Long::longValue).max().orElseThrow();
            counts.forEach((auction, n) -> {
                if (n == most) {
                    expected.add(auction + "," + n);
                }
            });
        });
        assertEquals(expected, QueryRun.rows(config, 1, Q5HotItems::rows));
        assertEquals(true, windows.size() > 5, "windows: " + windows.size());
    }
}
