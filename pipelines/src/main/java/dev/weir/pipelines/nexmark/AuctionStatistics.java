package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * Query 17's aggregation, per auction and day (the key: those columns' CSV text): the bids in all and per price rank
 * ({@link PriceRank}), and the minimum, maximum, average and sum of their prices. The average is Flink SQL's
 * {@code AVG} of a {@code BIGINT}, itself a {@code BIGINT}: the sum divided by the count, the remainder dropped. Each
 * bid prints the group's new row.
 */
final class AuctionStatistics implements KeyedProcessFunction<String, BidRecord, String> {
    private static final ValueStateDescriptor<long[]> STATISTICS = new ValueStateDescriptor<>("statistics");
    private static final int TOTAL = 0;
    private static final int MIN = 4;
    private static final int MAX = 5;
    private static final int SUM = 6;

    @Override
    public void processElement(final BidRecord bid, final Context<String> ctx, final Collector<String> out) {
        final ValueState<long[]> state = ctx.state(STATISTICS);
        long[] statistics = state.value();
        if (statistics == null) {
            statistics = new long[] {0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0};
        }
        statistics[TOTAL]++;
        statistics[PriceRank.of(bid.price())]++;
        statistics[MIN] = Math.min(statistics[MIN], bid.price());
        statistics[MAX] = Math.max(statistics[MAX], bid.price());
        statistics[SUM] = Math.addExact(statistics[SUM], bid.price());
        state.update(statistics);
        out.collect(ctx.currentKey() + "," + statistics[TOTAL] + "," + statistics[1] + "," + statistics[2] + "," + statistics[3] + ","
                + statistics[MIN] + "," + statistics[MAX] + "," + statistics[SUM] / statistics[TOTAL] + "," + statistics[SUM]);
    }
}
