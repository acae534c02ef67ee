package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q7HighestBidTest {
    @Test
    void theBidsAtEachTumblingWindowsHighestPrice() {
        check(QueryRun.CONFIG);
    }

    @Test
    void theBidsAtEachTumblingWindowsHighestPriceOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        final List<Bid> bids = new ArrayList<>();
        final Map<Long, Long> highest = new TreeMap<>(); // window end -> MAX(price)
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                bids.add(event.bid().copy());
                final long end = Math.floorDiv(event.bid().dateTime(), 10_000L) * 10_000L + 10_000L;
                highest.merge(end, event.bid().price(), Math::max);
            }
        });
        final List<String> expected = new ArrayList<>();
        highest.forEach((end, price) -> {
            for (final Bid bid : bids) {
                if (bid.price() == price && bid.dateTime() >= end - 10_000L && bid.dateTime() <= end) {
                    expected.add(bid.auction() + "," + bid.price() + "," + bid.bidder() + "," + QueryRun.timestamp(bid.dateTime()) + ","
                            + QueryRun.text(bid.extra()));
                }
            }
        });
        final List<String> rows = new ArrayList<>(QueryRun.rows(config, 1, Q7HighestBid::rows));
        // the join prints its matches as its inputs meet: compared sorted, the SQL's result being a set of rows
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        assertEquals(true, rows.size() >= highest.size(), "rows: " + rows.size());
    }
}
