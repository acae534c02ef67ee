package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 12, processing-time windows: how many bids each bidder made per 10 s tumbling window of processing
 * time. The SQL adds {@code PROCTIME()} to the bids and groups by bidder and {@code TUMBLE(p_time, 10 s)}: a bid
 * counts in the window that holds the moment it is processed, whatever its event time. Here the bids keyed by bidder
 * are counted per tumbling window of the pipeline's processing time and printed by a processing-time timer at the
 * window's end ({@link ProcessingTimeCounts}, on the engine's {@code Clock}; the deterministic runtime's virtual
 * clock makes a run reproducible). Which window a bid lands in
 * depends on when it is processed, so only what does not depend on it, the bids per bidder summed over the
 * windows, can be compared with another engine. CSV columns {@code bidder,bid_count,starttime,endtime}, times as
 * {@link SqlTimestamp}.
 */
public final class Q12ProcessingTimeWindows {
    /** The CSV header. */
    public static final String HEADER = "bidder,bid_count,starttime,endtime";
    /** The window's size, ms. */
    public static final long SIZE_MILLIS = 10_000L;

    private Q12ProcessingTimeWindows() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bidder and processing-time window with a bid
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events)
                .keyBy(BidRecord::bidder)
                .process(new ProcessingTimeCounts(SIZE_MILLIS));
    }
}
