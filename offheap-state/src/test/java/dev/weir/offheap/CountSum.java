package dev.weir.offheap;

import dev.weir.state.AggregateFunction;

/** A mutable count+sum accumulator updated in place, and its aggregate function. */
final class CountSum {
    long count;
    long sum;

    static final AggregateFunction<Long, CountSum, String> FUNCTION = new AggregateFunction<>() {
        @Override
        public CountSum createAccumulator() {
            return new CountSum();
        }

        @Override
        public CountSum add(final Long value, final CountSum accumulator) {
            accumulator.count++;
            accumulator.sum += value;
            return accumulator;
        }

        @Override
        public String getResult(final CountSum accumulator) {
            return accumulator.count + "/" + accumulator.sum;
        }

        @Override
        public CountSum merge(final CountSum a, final CountSum b) {
            a.count += b.count;
            a.sum += b.sum;
            return a;
        }
    };
}
