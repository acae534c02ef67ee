package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 15, bidding statistics: per day ({@code DATE_FORMAT(dateTime, 'yyyy-MM-dd')}, UTC), the bids, the
 * distinct bidders and the distinct auctions, in all and per price rank ({@link PriceRank}: below 10,000, below
 * 1,000,000, the rest), an unwindowed {@code GROUP BY} ({@link DistinctBidStatistics}). Its result is a table updated
 * in place: each bid prints its day's new row, and the last row printed per day is the result (an upsert query keyed
 * by {@code day}). CSV columns {@code day,total_bids,rank1_bids,rank2_bids,rank3_bids,total_bidders,rank1_bidders,
 * rank2_bidders,rank3_bidders,total_auctions,rank1_auctions,rank2_auctions,rank3_auctions}.
 */
public final class Q15BiddingStatistics {
    /** The CSV header. */
    public static final String HEADER = "day,total_bids,rank1_bids,rank2_bids,rank3_bids,total_bidders,rank1_bidders,rank2_bidders,"
            + "rank3_bidders,total_auctions,rank1_auctions,rank2_auctions,rank3_auctions";
    /** The key column of the result: {@code day}. */
    public static final int[] KEY_COLUMNS = {0};

    private Q15BiddingStatistics() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid: the new statistics of its day
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).keyBy(bid -> SqlDateFormat.day(bid.dateTime())).process(new DistinctBidStatistics(false));
    }
}
