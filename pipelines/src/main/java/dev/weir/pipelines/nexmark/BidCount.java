package dev.weir.pipelines.nexmark;

import dev.weir.state.AggregateFunction;

/** Counts the bids of a window (SQL's {@code count(*)}). */
final class BidCount implements AggregateFunction<BidRecord, Long, Long> {
    @Override
    public Long createAccumulator() {
        return 0L;
    }

    @Override
    public Long add(final BidRecord value, final Long accumulator) {
        return accumulator + 1;
    }

    @Override
    public Long getResult(final Long accumulator) {
        return accumulator;
    }

    @Override
    public Long merge(final Long a, final Long b) {
        return a + b;
    }
}
