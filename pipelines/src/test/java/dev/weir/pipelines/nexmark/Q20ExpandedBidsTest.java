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
import org.junit.jupiter.api.Test;

final class Q20ExpandedBidsTest {
    @Test
    void everyBidOnACategoryTenAuctionWithItsAuction() {
        check(QueryRun.CONFIG);
    }

    @Test
    void everyBidOnACategoryTenAuctionWithItsAuctionOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        // the whole input first: an unwindowed join matches a bid with its auction whichever came first
        final Map<Long, String> auctions = new HashMap<>();
        final Map<Long, Long> opened = new HashMap<>();
        final List<String[]> bids = new ArrayList<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.AUCTION && event.auction().category() == 10) {
                final Auction a = event.auction();
                auctions.put(a.id(), QueryRun.text(a.itemName()) + "," + QueryRun.text(a.description()) + "," + a.initialBid() + "," + a.reserve()
                        + "," + QueryRun.timestamp(a.dateTime()) + "," + QueryRun.timestamp(a.expires()) + "," + a.seller() + "," + a.category()
                        + "," + QueryRun.text(a.extra()));
                opened.put(a.id(), (long) bids.size());
            } else if (event.kind() == EventKind.BID) {
                bids.add(new String[] {Long.toString(event.bid().auction()), BidText.of(event.bid())});
            }
        });
        final List<String> expected = new ArrayList<>();
        int before = 0;
        for (int i = 0; i < bids.size(); i++) {
            final long auction = Long.parseLong(bids.get(i)[0]);
            final String columns = auctions.get(auction);
            if (columns != null) {
                expected.add(bids.get(i)[1] + "," + columns);
                before += i < opened.get(auction) ? 1 : 0;
            }
        }
        final List<String> rows = new ArrayList<>(QueryRun.rows(config, 1, Q20ExpandedBids::rows));
        // the join prints its matches as its inputs meet: compared sorted, the SQL's result being a set of rows
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        assertTrue(before > 10, "bids that came before their category-10 auction: " + before);
    }
}
