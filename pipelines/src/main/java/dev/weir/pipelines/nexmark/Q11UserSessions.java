package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.operator.Collector;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;

/**
 * Nexmark query 11, user sessions: how many bids each bidder made per session, a session lasting while the bidder's
 * next bid comes at most 10 s after the last. The SQL groups by bidder and {@code SESSION(dateTime, INTERVAL '10'
 * SECOND)}; {@code SESSION_START} is the session's first bid's time and {@code SESSION_END} its last bid's time plus
 * the gap, exactly the start and the end of the session window here (event-time session windows of a 10 s gap keyed
 * by bidder). CSV columns {@code bidder,bid_count,starttime,endtime}, times as {@link SqlTimestamp}.
 */
public final class Q11UserSessions {
    /** The CSV header. */
    public static final String HEADER = "bidder,bid_count,starttime,endtime";
    /** The session gap, ms. */
    public static final long GAP_MILLIS = 10_000L;

    private Q11UserSessions() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bidder and session
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events)
                .keyBy(BidRecord::bidder)
                .window(EventTimeSessionWindows.<BidRecord>withGap(GAP_MILLIS))
                .aggregate(new BidCount(), (Long bidder, ProcessWindowFunction.Context<TimeWindow> context, Iterable<Long> counts,
                        Collector<String> out) -> out.collect(bidder + "," + counts.iterator().next() + ","
                        + SqlTimestamp.format(context.window().start()) + "," + SqlTimestamp.format(context.window().end())));
    }
}
