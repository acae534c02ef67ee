package dev.weir.jmh;

import dev.weir.state.AggregateFunction;

/**
 * A mutable count+sum accumulator, updated in place: the accumulator of a windowed aggregate.
 * Its fields are not final, so the off-heap backend reads it back into a reused object.
 */
final class CountSum {
    /** Counts and sums longs in a {@link CountSum}; the result is the accumulator itself. */
    static final AggregateFunction<Long, CountSum, CountSum> AGGREGATE = new Aggregate();

    private long count;
    private long sum;

    private CountSum plus(final long count, final long sum) {
        this.count += count;
        this.sum += sum;
        return this;
    }

    /** The aggregate function: every call folds into the accumulator it is given. */
    private static final class Aggregate implements AggregateFunction<Long, CountSum, CountSum> {
        @Override
        public CountSum createAccumulator() {
            return new CountSum();
        }

        @Override
        public CountSum add(final Long value, final CountSum accumulator) {
            return accumulator.plus(1, value);
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
