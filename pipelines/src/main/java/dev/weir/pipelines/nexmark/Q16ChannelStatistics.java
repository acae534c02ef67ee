package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 16, channel statistics: per channel and day ({@code DATE_FORMAT(dateTime, 'yyyy-MM-dd')}, UTC), the
 * latest minute of a bid ({@code max(DATE_FORMAT(dateTime, 'HH:mm'))}, the greatest of the texts), the bids, the
 * distinct bidders and the distinct auctions, in all and per price rank ({@link PriceRank}), an unwindowed
 * {@code GROUP BY} ({@link DistinctBidStatistics}). Each bid prints its group's new row, and the last row printed per
 * channel and day is the result (an upsert query keyed by {@code channel, day}). CSV columns
 * {@code channel,day,minute,total_bids,...,rank3_auctions} as in {@link Q15BiddingStatistics}, {@code channel} as
 * {@link CsvText}.
 */
public final class Q16ChannelStatistics {
    /** The CSV header. */
    public static final String HEADER = "channel,day,minute,total_bids,rank1_bids,rank2_bids,rank3_bids,total_bidders,rank1_bidders,"
            + "rank2_bidders,rank3_bidders,total_auctions,rank1_auctions,rank2_auctions,rank3_auctions";
    /** The key columns of the result: {@code channel, day}. */
    public static final int[] KEY_COLUMNS = {0, 1};

    private Q16ChannelStatistics() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid: the new statistics of its channel and day
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).keyBy(bid -> CsvText.field(bid.channel()) + "," + SqlDateFormat.day(bid.dateTime()))
                .process(new DistinctBidStatistics(true));
    }
}
