package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.operator.Collector;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;

/**
 * Nexmark query 5, hot items: per sliding window of 10 s every 2 s (SQL's {@code HOP}, windows aligned on the epoch,
 * the first ones starting before it), the auctions with the most bids; all of them when several tie. Two steps, as
 * the SQL's two aggregations: bids per auction and window ({@link BidCount}, a keyed sliding window stamped with the
 * window's last millisecond), then, keyed by the window's end, a 2 s tumbling window that holds exactly one sliding
 * window's counts and keeps the highest ({@link HotAuctions}). CSV columns {@code auction,num}, by window, then by
 * auction id within a window.
 */
public final class Q5HotItems {
    /** The CSV header. */
    public static final String HEADER = "auction,num";
    /** The window's size, ms. */
    public static final long SIZE_MILLIS = 10_000L;
    /** How often a window starts, ms. */
    public static final long SLIDE_MILLIS = 2_000L;

    private Q5HotItems() {
    }

    /**
     * @param events the Nexmark events
     * @return the hot auctions of every window, one row each
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events)
                .keyBy(BidRecord::auction)
                .window(SlidingEventTimeWindows.<BidRecord>of(SIZE_MILLIS, SLIDE_MILLIS))
                .aggregate(new BidCount(), (Long auction, ProcessWindowFunction.Context<TimeWindow> context, Iterable<Long> counts,
                        Collector<AuctionBids> out) -> out.collect(new AuctionBids(auction, counts.iterator().next(), context.window().end())))
                .keyBy(AuctionBids::windowEnd)
                .window(TumblingEventTimeWindows.<AuctionBids>of(SLIDE_MILLIS))
                .process(new HotAuctions());
    }
}
