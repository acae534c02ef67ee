package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class Q11UserSessionsTest {
    private static final long GAP = 10_000L;

    @Test
    void eachBiddersBidsPerSession() {
        final List<String> rows = check(QueryRun.CONFIG);
        // 100,000 events span 10 s: each bidder has one session
        assertTrue(rows.size() > 500, "rows: " + rows.size());
    }

    @Test
    void eachBiddersBidsPerSessionOverOneHundredSeconds() {
        final List<String> rows = check(QueryRun.SLOW);
        assertTrue(rows.size() > 1_000, "rows: " + rows.size());
    }

    private static List<String> check(final GeneratorConfig config) {
        final Map<Long, List<Long>> times = new LinkedHashMap<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                times.computeIfAbsent(event.bid().bidder(), b -> new ArrayList<>()).add(event.bid().dateTime());
            }
        });
        // per bidder, its bids in time order: a session goes on while the next bid is at most the gap after the last
        // (windows [t, t + gap) that overlap or touch merge, as in Flink); it starts at its first bid, ends at its last + gap
        final List<String> expected = new ArrayList<>();
        times.forEach((bidder, bidTimes) -> {
            bidTimes.sort(null);
            long start = bidTimes.get(0);
            long last = start;
            long count = 0;
            for (final long time : bidTimes) {
                if (time > last + GAP) {
                    expected.add(bidder + "," + count + "," + QueryRun.timestamp(start) + "," + QueryRun.timestamp(last + GAP));
                    start = time;
                    count = 0;
                }
                last = time;
                count++;
            }
            expected.add(bidder + "," + count + "," + QueryRun.timestamp(start) + "," + QueryRun.timestamp(last + GAP));
        });
        final List<String> rows = new ArrayList<>(QueryRun.rows(config, 1, Q11UserSessions::rows));
        // sessions of different bidders close in no defined order: compared sorted
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        return rows;
    }
}
