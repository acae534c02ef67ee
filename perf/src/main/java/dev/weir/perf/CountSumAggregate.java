package dev.weir.perf;

import dev.weir.state.AggregateFunction;

/** Count and sum of {@link Tick} prices per key and window, in a mutable {@link CountSum}. */
public final class CountSumAggregate implements AggregateFunction<Tick, CountSum, CountSum> {
    @Override
    public CountSum createAccumulator() {
        return new CountSum();
    }

    @Override
    public CountSum add(final Tick value, final CountSum accumulator) {
        return accumulator.add(value.price());
    }

    @Override
    public CountSum getResult(final CountSum accumulator) {
        return accumulator;
    }

    @Override
    public CountSum merge(final CountSum a, final CountSum b) {
        return a.merge(b);
    }
}
