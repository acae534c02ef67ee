package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class Q19TopTenPricesTest {
    @Test
    void theTenHighestBidsOfEachAuctionWithTheirRanks() {
        check(QueryRun.CONFIG);
    }

    @Test
    void theTenHighestBidsOfEachAuctionWithTheirRanksOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        // every bid of each auction in arrival order, then sorted by price, highest first: a stable sort keeps equal
        // prices in arrival order; the first ten with their rank
        final Map<Long, List<Object[]>> bids = new LinkedHashMap<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                bids.computeIfAbsent(event.bid().auction(), a -> new ArrayList<>()).add(new Object[] {event.bid().price(), BidText.of(event.bid())});
            }
        });
        final List<String> expected = new ArrayList<>();
        int full = 0;
        for (final List<Object[]> auction : bids.values()) {
            auction.sort(Comparator.comparing((Object[] bid) -> (Long) bid[0]).reversed());
            for (int rank = 1; rank <= Math.min(10, auction.size()); rank++) {
                expected.add(auction.get(rank - 1)[1] + "," + rank);
            }
            full += auction.size() > 10 ? 1 : 0;
        }
        final List<String> rows = lastPerKey(QueryRun.rows(config, 1, Q19TopTenPrices::rows));
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        assertTrue(full > 100, "auctions with more than ten bids: " + full);
    }

    /** The last row printed per (auction, rank_number), its first and last columns. */
    private static List<String> lastPerKey(final List<String> printed) {
        final Map<String, String> last = new LinkedHashMap<>();
        for (final String row : printed) {
            last.put(row.substring(0, row.indexOf(',')) + "," + row.substring(row.lastIndexOf(',') + 1), row);
        }
        return new ArrayList<>(last.values());
    }
}
