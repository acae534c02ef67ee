package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 0, pass-through: every bid as it is. CSV columns {@code auction,bidder,price,dateTime,extra}:
 * numbers in decimal, {@code dateTime} as {@link SqlTimestamp}, {@code extra} as {@link CsvText}.
 */
public final class Q0PassThrough {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,dateTime,extra";

    private Q0PassThrough() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid, with the bid's time
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).map(Q0PassThrough::row);
    }

    /**
     * @param bid a bid
     * @return its row
     */
    static String row(final BidRecord bid) {
        return bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + SqlTimestamp.format(bid.dateTime()) + ","
                + CsvText.field(bid.extra());
    }
}
