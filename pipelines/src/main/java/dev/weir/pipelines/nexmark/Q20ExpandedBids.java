package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 20, expand bid with auction: every bid on a category-10 auction, with that auction's columns. The
 * SQL is an unwindowed inner join of bids and auctions on {@code auction = id}, filtered on {@code category = 10}:
 * no time bound, so a bid joins its auction whether it comes before or after it. Both streams keyed by auction id
 * meet in a keyed co-process ({@link AuctionExpansion}). CSV columns, the bid's then the auction's: {@code
 * auction,bidder,price,channel,url,dateTime,extra,itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra}.
 */
public final class Q20ExpandedBids {
    /** The CSV header (the two {@code dateTime} and {@code extra} columns are the bid's, then the auction's). */
    public static final String HEADER = BidColumns.HEADER + ",itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra";

    private Q20ExpandedBids() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid on a category-10 auction
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).keyBy(BidRecord::auction)
                .connect(NexmarkStreams.auctions(events).keyBy(AuctionRecord::id))
                .process(new AuctionExpansion());
    }
}
