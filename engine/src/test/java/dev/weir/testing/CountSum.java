package dev.weir.testing;

import dev.weir.state.AggregateFunction;
import java.util.function.ToLongFunction;

/** Count and sum in one mutable accumulator, updated in place: the allocation tests' aggregate. */
public final class CountSum {
    /** Records counted. */
    public long count;
    /** Sum of their values. */
    public long sum;

    /**
     * @param value the value of a record
     * @param <T> the record type
     * @return count+sum of the records' values, accumulating in place (no garbage per record)
     */
    public static <T> AggregateFunction<T, CountSum, CountSum> of(final ToLongFunction<? super T> value) {
        return new AggregateFunction<>() {
            @Override
            public CountSum createAccumulator() {
                return new CountSum();
            }

            @Override
            public CountSum add(final T record, final CountSum accumulator) {
                accumulator.count++;
                accumulator.sum += value.applyAsLong(record);
                return accumulator;
            }

            @Override
            public CountSum getResult(final CountSum accumulator) {
                return accumulator;
            }

            @Override
            public CountSum merge(final CountSum a, final CountSum b) {
                a.count += b.count;
                a.sum += b.sum;
                return a;
            }
        };
    }
}
