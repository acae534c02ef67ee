package dev.weir.jmh;

import dev.weir.state.AggregateFunction;
import java.util.function.ToLongFunction;

/**
 * A mutable count+sum accumulator, updated in place: the accumulator of a windowed aggregate.
 * Its fields are not final, so the off-heap backend reads it back into a reused object.
 */
final class CountSum {
    /** Counts and sums longs in a {@link CountSum}; the result is the accumulator itself. */
    static final AggregateFunction<Long, CountSum, CountSum> AGGREGATE = new Aggregate<>(Long::longValue);
    /** Counts ticks and sums their prices in a {@link CountSum}; the result is the accumulator itself. */
    static final AggregateFunction<Tick, CountSum, CountSum> TICKS = new Aggregate<>(Tick::price);

    private long count;
    private long sum;

    /** @return values added */
    long count() {
        return count;
    }

    /** @return their sum */
    long sum() {
        return sum;
    }

    private CountSum plus(final long count, final long sum) {
        this.count += count;
        this.sum += sum;
        return this;
    }

    /**
     * The aggregate function: every call folds into the accumulator it is given.
     *
     * @param <IN> the record type
     */
    private static final class Aggregate<IN> implements AggregateFunction<IN, CountSum, CountSum> {
        private final ToLongFunction<IN> value;

        Aggregate(final ToLongFunction<IN> value) {
            this.value = value;
        }

        @Override
        public CountSum createAccumulator() {
            return new CountSum();
        }

        @Override
        public CountSum add(final IN record, final CountSum accumulator) {
            return accumulator.plus(1, value.applyAsLong(record));
        }

        @Override
        public CountSum merge(final CountSum a, final CountSum b) {
            return a.plus(b.count, b.sum);
        }

        @Override
        public CountSum getResult(final CountSum accumulator) {
            return accumulator;
        }
    }
}
