package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class Q18LastBidTest {
    @Test
    void eachBiddersLastBidOnEachAuction() {
        // ten events a millisecond: a bidder's bids on an auction often share one
        check(QueryRun.CONFIG, 10);
    }

    @Test
    void eachBiddersLastBidOnEachAuctionOverOneHundredSeconds() {
        // one event a millisecond: no two bids share a time
        check(QueryRun.SLOW, 0);
    }

    private static void check(final GeneratorConfig config, final int minimumTies) {
        // per "bidder/auction": the bid with the highest dateTime, the later of equal times
        final Map<String, String> last = new HashMap<>();
        final Map<String, Long> lastTime = new HashMap<>();
        final int[] ties = new int[1];
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                final String key = event.bid().bidder() + "/" + event.bid().auction();
                final Long time = lastTime.get(key);
                if (time == null || time <= event.bid().dateTime()) {
                    if (time != null && time == event.bid().dateTime()) {
                        ties[0]++;
                    }
                    lastTime.put(key, event.bid().dateTime());
                    last.put(key, BidText.of(event.bid()));
                }
            }
        });
        final List<String> expected = new ArrayList<>(last.values());
        final List<String> rows = lastPerKey(QueryRun.rows(config, 1, Q18LastBid::rows));
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        assertTrue(ties[0] >= minimumTies, "bids replacing one of the same time: " + ties[0]);
    }

    /** The last row printed per (auction, bidder), its first two columns. */
    private static List<String> lastPerKey(final List<String> printed) {
        final Map<String, String> last = new LinkedHashMap<>();
        for (final String row : printed) {
            final String[] fields = row.split(",", 3);
            last.put(fields[0] + "," + fields[1], row);
        }
        return new ArrayList<>(last.values());
    }
}
