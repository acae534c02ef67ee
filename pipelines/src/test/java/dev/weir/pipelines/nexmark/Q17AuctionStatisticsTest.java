package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q17AuctionStatisticsTest {
    /** The same 100,000 events one a second: 27.8 hours from the epoch, two days. */
    private static final GeneratorConfig DAYS = GeneratorConfig.defaults().withFirstEventRate(1);

    @Test
    void perAuctionAndDayTheBidsPerRankAndTheirMinMaxAverageAndSum() {
        check(QueryRun.CONFIG);
        check(QueryRun.SLOW);
    }

    @Test
    void perAuctionAndDayOverTwoDays() {
        check(DAYS);
    }

    @Test
    void theAverageIsAWholeNumberTheRemainderDropped() {
        // auction 1000's first two bids on the default events, worked by hand from their prices
        final List<Long> prices = new ArrayList<>();
        QueryRun.forEachEvent(event -> {
            if (event.kind() == EventKind.BID && event.bid().auction() == 1000 && prices.size() < 2) {
                prices.add(event.bid().price());
            }
        });
        final List<String> rows = QueryRun.rows(Q17AuctionStatistics::rows).stream().filter(row -> row.startsWith("1000,")).toList();
        final String[] second = rows.get(1).split(",");
        assertEquals(String.valueOf((prices.get(0) + prices.get(1)) / 2), second[8]);
        assertEquals(String.valueOf(prices.get(0) + prices.get(1)), second[9]);
    }

    private static void check(final GeneratorConfig config) {
        final Map<String, long[]> groups = new TreeMap<>();
        final int[] bids = {0};
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                bids[0]++;
                final Bid bid = event.bid();
                final long[] group = groups.computeIfAbsent(
                        bid.auction() + "," + Instant.ofEpochMilli(bid.dateTime()).atZone(ZoneOffset.UTC).toLocalDate(),
                        g -> new long[] {0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0});
                final long price = bid.price();
                group[0]++;
                group[price < 10_000 ? 1 : price < 1_000_000 ? 2 : 3]++;
                group[4] = Math.min(group[4], price);
                group[5] = Math.max(group[5], price);
                group[6] += price;
            }
        });
        final List<String> expected = new ArrayList<>();
        groups.forEach((group, v) -> expected.add(group + "," + v[0] + "," + v[1] + "," + v[2] + "," + v[3] + "," + v[4] + "," + v[5] + ","
                + v[6] / v[0] + "," + v[6]));
        expected.sort(null);
        final List<String> rows = QueryRun.rows(config, 1, Q17AuctionStatistics::rows);
        assertEquals(bids[0], rows.size(), "one row per bid");
        assertTrue(expected.size() > 100, "groups: " + expected.size());
        assertEquals(expected, UpsertRows.lastPerKey(rows, 2));
    }
}
