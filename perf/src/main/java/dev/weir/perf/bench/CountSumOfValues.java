package dev.weir.perf.bench;

import dev.weir.perf.CountSum;
import dev.weir.state.AggregateFunction;
import java.io.Serializable;

/**
 * Count and sum of {@link BenchEvent} values per key and window, in a mutable {@link CountSum}; serializable, so an
 * engine that ships functions can run it. Stateless and thread-safe.
 */
public final class CountSumOfValues implements AggregateFunction<BenchEvent, CountSum, CountSum>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public CountSum createAccumulator() {
        return new CountSum();
    }

    @Override
    public CountSum add(final BenchEvent value, final CountSum accumulator) {
        return accumulator.add(value.value());
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
