package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 18, last bid: each bidder's last bid on each auction. The SQL is {@code ROW_NUMBER() OVER (PARTITION
 * BY bidder, auction ORDER BY dateTime DESC)} kept at rank 1, which Flink SQL runs as a row-time deduplication that
 * keeps the last row: a bid at or after the kept bid's time replaces it, so on equal times the later arrival wins
 * ({@link LastBid}). The result is a table updated in place: each row printed is the new result row of its (bidder,
 * auction), the columns {@code auction} and {@code bidder}; the last one printed per key is the result. CSV columns
 * {@code auction,bidder,price,channel,url,dateTime,extra} ({@link BidColumns}).
 */
public final class Q18LastBid {
    /** The CSV header. */
    public static final String HEADER = BidColumns.HEADER;

    private Q18LastBid() {
    }

    /**
     * @param events the Nexmark events
     * @return the new last bid of a (bidder, auction) each time it changes
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).keyBy(BidderAuction::of).process(new LastBid());
    }
}
