package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 9, winning bids: each auction with its winning bid. The SQL joins auctions and bids on
 * {@code A.id = B.auction AND B.dateTime BETWEEN A.dateTime AND A.expires} (no window) and keeps, per auction, the
 * first row of {@code ROW_NUMBER() OVER (PARTITION BY A.id ORDER BY B.price DESC, B.dateTime ASC)}: a table updated
 * in place, one row per auction with a bid in its range. Here that is {@link WinningBidJoin}, which prints the winner
 * at the auction's expiry (and a replacement, should a late bid beat it); the result is the last row per auction
 * (an upsert on column 0). CSV columns: the auction's ten, then the bid's {@code auction,bidder,price,bid_dateTime,
 * bid_extra}; times as {@link SqlTimestamp}, texts as {@link CsvText}.
 */
public final class Q9WinningBids {
    /** The CSV header. */
    public static final String HEADER = "id,itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra,"
            + "auction,bidder,price,bid_dateTime,bid_extra";

    private Q9WinningBids() {
    }

    /**
     * @param events the Nexmark events
     * @return per auction, its winning bid (again when a late bid replaces it)
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return Q4AveragePriceForCategory.winners(events).map(Q9WinningBids::row);
    }

    private static String row(final WinningBid winner) {
        final AuctionRecord a = winner.auction();
        final BidRecord b = winner.bid();
        return a.id() + "," + CsvText.field(a.itemName()) + "," + CsvText.field(a.description()) + "," + a.initialBid() + ","
                + a.reserve() + "," + SqlTimestamp.format(a.dateTime()) + "," + SqlTimestamp.format(a.expires()) + "," + a.seller()
                + "," + a.category() + "," + CsvText.field(a.extra()) + "," + b.auction() + "," + b.bidder() + "," + b.price() + ","
                + SqlTimestamp.format(b.dateTime()) + "," + CsvText.field(b.extra());
    }
}
