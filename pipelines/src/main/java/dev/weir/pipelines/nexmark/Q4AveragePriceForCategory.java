package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * Nexmark query 4, average price for a category: per category, the average of its auctions' winning prices. The
 * SQL joins auctions and bids on {@code A.id = B.auction AND B.dateTime BETWEEN A.dateTime AND A.expires} (no
 * window), takes {@code MAX(B.price)} per auction, then {@code AVG} of those per category: an average of BIGINTs,
 * itself a BIGINT, the sum divided by the count and truncated. Its result is a table updated in place, one row per
 * category.
 *
 * <p>Here the auctions and the bids keyed by auction id meet in {@link WinningBidJoin}, which prints each auction's
 * winning bid at its expiry (and a replacement, should a late bid beat it); keyed by category, each winner updates
 * the category's sum and count and prints the category's new average. The result is the last row per category
 * (an upsert on column 0). CSV columns {@code category,average}.
 */
public final class Q4AveragePriceForCategory {
    /** The CSV header. */
    public static final String HEADER = "category,average";
    private static final ValueStateDescriptor<PriceAverage> AVERAGE = new ValueStateDescriptor<>("price-average");

    private Q4AveragePriceForCategory() {
    }

    /**
     * @param events the Nexmark events
     * @return per winning bid, its category's new average
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return winners(events)
                .keyBy(winner -> winner.auction().category())
                .process((WinningBid winner, KeyedProcessFunction.Context<Long> ctx, Collector<String> out) -> {
                    final ValueState<PriceAverage> state = ctx.state(AVERAGE);
                    final PriceAverage before = state.value();
                    final PriceAverage after = (before == null ? new PriceAverage(0, 0) : before).with(winner);
                    state.update(after);
                    out.collect(ctx.currentKey() + "," + after.average());
                });
    }

    /**
     * @param events the Nexmark events
     * @return each auction's winning bid, as queries 4 and 9 join them ({@link WinningBidJoin})
     */
    static DataStream<WinningBid> winners(final DataStream<EventRecord> events) {
        return NexmarkStreams.auctions(events).keyBy(AuctionRecord::id)
                .connect(NexmarkStreams.bids(events).keyBy(BidRecord::auction))
                .process(new WinningBidJoin());
    }
}
