package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Auction;
import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q9WinningBidsTest {
    @Test
    void eachAuctionWithItsWinningBid() {
        check(QueryRun.CONFIG);
    }

    @Test
    void eachAuctionWithItsWinningBidOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        final Map<Long, Auction> auctions = new HashMap<>();
        final List<Bid> bids = new ArrayList<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.AUCTION) {
                auctions.put(event.auction().id(), event.auction().copy());
            } else if (event.kind() == EventKind.BID) {
                bids.add(event.bid().copy());
            }
        });
        // per auction, among its bids from its opening to its expiry (both included): the highest price, then the
        // earliest time; on a full tie the bid generated first
        final Map<Long, Bid> winners = new TreeMap<>();
        for (final Bid bid : bids) {
            final Auction auction = auctions.get(bid.auction());
            if (auction != null && bid.dateTime() >= auction.dateTime() && bid.dateTime() <= auction.expires()) {
                final Bid best = winners.get(auction.id());
                if (best == null || bid.price() > best.price() || bid.price() == best.price() && bid.dateTime() < best.dateTime()) {
                    winners.put(auction.id(), bid);
                }
            }
        }
        final List<String> expected = new ArrayList<>();
        winners.forEach((id, b) -> {
            final Auction a = auctions.get(id);
            expected.add(a.id() + "," + QueryRun.text(a.itemName()) + "," + QueryRun.text(a.description()) + "," + a.initialBid() + ","
                    + a.reserve() + "," + QueryRun.timestamp(a.dateTime()) + "," + QueryRun.timestamp(a.expires()) + "," + a.seller()
                    + "," + a.category() + "," + QueryRun.text(a.extra()) + "," + b.auction() + "," + b.bidder() + "," + b.price()
                    + "," + QueryRun.timestamp(b.dateTime()) + "," + QueryRun.text(b.extra()));
        });
        final List<String> printed = QueryRun.rows(config, 1, Q9WinningBids::rows);
        // an upsert: the last row per auction id (column 0) is the result
        final Map<Long, String> last = new TreeMap<>();
        for (final String row : printed) {
            last.put(Long.parseLong(row.substring(0, row.indexOf(','))), row);
        }
        assertEquals(expected, new ArrayList<>(last.values()));
        // each winner is printed once, at its auction's expiry (no bid of these events comes behind the watermark)
        assertEquals(winners.size(), printed.size());
        assertTrue(winners.size() > 1_000, "auctions with a winner: " + winners.size());
    }
}
