package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;

/**
 * Nexmark query 7, highest bid: the bids at the highest price of each 10 s tumbling window. As in the SQL, the
 * window's {@code MAX(price)} (all bids under one key, {@link HighestPrice}) is joined back to the bids on
 * {@code price = maxprice} and {@code dateTime BETWEEN window_end - 10 s AND window_end}, both ends inclusive: a bid
 * at the next window's first millisecond at the same price joins too. The join is an interval join keyed by price:
 * a maximum is stamped with its window's last millisecond {@code end - 1}, so the bids joined lie in
 * {@code [end - 1 - 9999, end - 1 + 1]}. CSV columns in the SQL's select order, {@code auction,price,bidder,dateTime,extra}
 * (the SQL's sink table names its second and third columns {@code bidder} and {@code price}: it takes them by
 * position), {@code dateTime} as {@link SqlTimestamp}, {@code extra} as {@link CsvText}.
 */
public final class Q7HighestBid {
    /** The CSV header. */
    public static final String HEADER = "auction,price,bidder,dateTime,extra";
    /** The window's size, ms. */
    public static final long SIZE_MILLIS = 10_000L;
    private static final long ONE_KEY = 0L;

    private Q7HighestBid() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid at its window's highest price
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        final DataStream<BidRecord> bids = NexmarkStreams.bids(events);
        final DataStream<WindowMax> maxima = bids.keyBy(bid -> ONE_KEY)
                .window(TumblingEventTimeWindows.<BidRecord>of(SIZE_MILLIS))
                .aggregate(new HighestPrice(), (Long key, ProcessWindowFunction.Context<TimeWindow> context, Iterable<Long> prices,
                        Collector<WindowMax> out) -> out.collect(new WindowMax(prices.iterator().next(), context.window().end())));
        return maxima.keyBy(WindowMax::price)
                .intervalJoin(bids.keyBy(BidRecord::price))
                .between(Duration.ofMillis(1 - SIZE_MILLIS), Duration.ofMillis(1))
                .process((WindowMax max, BidRecord bid, ProcessJoinFunction.Context context, Collector<String> out) -> out.collect(row(bid)));
    }

    private static String row(final BidRecord bid) {
        return bid.auction() + "," + bid.price() + "," + bid.bidder() + "," + SqlTimestamp.format(bid.dateTime()) + ","
                + CsvText.field(bid.extra());
    }
}
