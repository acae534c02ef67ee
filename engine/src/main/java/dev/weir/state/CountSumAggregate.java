package dev.weir.state;

import java.io.Serializable;
import java.util.function.ToLongFunction;

/**
 * Counts records and sums one long of each, in a {@link CountSum} that is updated in place and is itself the result,
 * so aggregating allocates nothing per record. Serializable when its value function is (a method reference cast to
 * {@code (ToLongFunction<T> & Serializable)}), so a runtime that ships functions can run it. Stateless apart from that
 * function, so thread-safe if it is.
 *
 * @param <IN> the record type
 */
public final class CountSumAggregate<IN> implements AggregateFunction<IN, CountSum, CountSum>, Serializable {
    private static final long serialVersionUID = 1L;

    private final ToLongFunction<? super IN> value;

    /** @param value the long of a record that is summed, read once per record */
    public CountSumAggregate(final ToLongFunction<? super IN> value) {
        this.value = value;
    }

    @Override
    public CountSum createAccumulator() {
        return new CountSum();
    }

    @Override
    public CountSum add(final IN record, final CountSum accumulator) {
        return accumulator.add(value.applyAsLong(record));
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
