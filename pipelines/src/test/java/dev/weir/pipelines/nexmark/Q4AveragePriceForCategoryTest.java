package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Auction;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q4AveragePriceForCategoryTest {
    @Test
    void theAverageWinningPriceOfEachCategory() {
        check(QueryRun.CONFIG);
    }

    @Test
    void theAverageWinningPriceOfEachCategoryOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        final Map<Long, Auction> auctions = new HashMap<>();
        final List<long[]> bids = new ArrayList<>(); // auction, price, dateTime
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.AUCTION) {
                auctions.put(event.auction().id(), event.auction().copy());
            } else if (event.kind() == EventKind.BID) {
                bids.add(new long[] {event.bid().auction(), event.bid().price(), event.bid().dateTime()});
            }
        });
        // MAX(price) per auction over its bids from its opening to its expiry, both included
        final Map<Long, Long> winning = new HashMap<>();
        for (final long[] bid : bids) {
            final Auction auction = auctions.get(bid[0]);
            if (auction != null && bid[2] >= auction.dateTime() && bid[2] <= auction.expires()) {
                winning.merge(bid[0], bid[1], Math::max);
            }
        }
        // per category: sum and count of those, AVG of BIGINT = the sum divided, truncated
        final Map<Long, long[]> categories = new TreeMap<>();
        winning.forEach((auction, price) -> {
            final long[] sumAndCount = categories.computeIfAbsent(auctions.get(auction).category(), c -> new long[2]);
            sumAndCount[0] += price;
            sumAndCount[1]++;
        });
        final List<String> expected = new ArrayList<>();
        categories.forEach((category, sumAndCount) -> expected.add(category + "," + sumAndCount[0] / sumAndCount[1]));
        final List<String> printed = QueryRun.rows(config, 1, Q4AveragePriceForCategory::rows);
        // an upsert: the last row per category is the result
        final Map<String, String> last = new TreeMap<>();
        for (final String row : printed) {
            last.put(row.substring(0, row.indexOf(',')), row);
        }
        assertEquals(expected, new ArrayList<>(last.values()));
        // each auction's winner is printed once, when final (no bid of these events comes behind the watermark)
        assertEquals(winning.size(), printed.size());
        assertTrue(categories.size() == 5 && winning.size() > 1_000, "categories " + categories.size() + ", auctions " + winning.size());
    }
}
