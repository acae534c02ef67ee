package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 17, auction statistics: per auction and day ({@code DATE_FORMAT(dateTime, 'yyyy-MM-dd')}, UTC), the
 * bids in all and per price rank ({@link PriceRank}), and the minimum, maximum, average and sum of their prices
 * ({@link AuctionStatistics}; the average, as Flink's {@code AVG} of a {@code BIGINT}, a whole number). Each bid
 * prints its group's new row, and the last row printed per auction and day is the result (an upsert query keyed by
 * {@code auction, day}). CSV columns
 * {@code auction,day,total_bids,rank1_bids,rank2_bids,rank3_bids,min_price,max_price,avg_price,sum_price}.
 */
public final class Q17AuctionStatistics {
    /** The CSV header. */
    public static final String HEADER = "auction,day,total_bids,rank1_bids,rank2_bids,rank3_bids,min_price,max_price,avg_price,sum_price";
    /** The key columns of the result: {@code auction, day}. */
    public static final int[] KEY_COLUMNS = {0, 1};

    private Q17AuctionStatistics() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid: the new statistics of its auction and day
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).keyBy(bid -> bid.auction() + "," + SqlDateFormat.day(bid.dateTime())).process(new AuctionStatistics());
    }
}
