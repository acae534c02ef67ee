package dev.weir.pipelines.nexmark;

import dev.weir.state.AggregateFunction;

/** The highest price of a window's bids (SQL's {@code MAX(price)}). */
final class HighestPrice implements AggregateFunction<BidRecord, Long, Long> {
    @Override
    public Long createAccumulator() {
        return Long.MIN_VALUE;
    }

    @Override
    public Long add(final BidRecord value, final Long accumulator) {
        return Math.max(accumulator, value.price());
    }

    @Override
    public Long getResult(final Long accumulator) {
        return accumulator;
    }

    @Override
    public Long merge(final Long a, final Long b) {
        return Math.max(a, b);
    }
}
