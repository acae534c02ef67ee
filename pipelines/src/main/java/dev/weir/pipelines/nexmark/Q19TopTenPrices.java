package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 19, auction top-10 price: the ten highest bids of each auction, with their rank. The SQL is {@code
 * ROW_NUMBER() OVER (PARTITION BY auction ORDER BY price DESC)} kept up to rank 10, which Flink SQL runs as an
 * append-only top-N: equal prices rank in arrival order, and a bid entering the top 10 moves the lower ranks down
 * ({@link TopTenPrices}). The result is a table updated in place: each row printed is the new result row of its
 * (auction, rank), the columns {@code auction} and {@code rank_number}; the last one printed per key is the result.
 * CSV columns {@code auction,bidder,price,channel,url,dateTime,extra,rank_number} ({@link BidColumns}, then the rank
 * from 1).
 */
public final class Q19TopTenPrices {
    /** The CSV header. */
    public static final String HEADER = BidColumns.HEADER + ",rank_number";

    private Q19TopTenPrices() {
    }

    /**
     * @param events the Nexmark events
     * @return the new bid of an (auction, rank) each time it changes
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).keyBy(BidRecord::auction).process(new TopTenPrices());
    }
}
