package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * Query 18's deduplication per (bidder, auction), keeping the last row by event time as Flink SQL's row-time
 * deduplication does: a bid replaces the kept one when its {@code dateTime} is at or after the kept one's (on equal
 * times the later arrival wins), and is then printed as the key's new result row; an earlier bid arriving later
 * changes nothing. Only the kept bid's time is state.
 */
final class LastBid implements KeyedProcessFunction<BidderAuction, BidRecord, String> {
    private static final ValueStateDescriptor<Long> KEPT_TIME = new ValueStateDescriptor<>("last-bid-time");

    @Override
    public void processElement(final BidRecord bid, final Context<BidderAuction> ctx, final Collector<String> out) {
        final ValueState<Long> kept = ctx.state(KEPT_TIME);
        final Long time = kept.value();
        if (time == null || time <= bid.dateTime()) {
            kept.update(bid.dateTime());
            out.collect(BidColumns.of(bid));
        }
    }
}
