package dev.weir.state;

/**
 * A count and a sum of longs in one mutable accumulator, updated in place: the accumulator and result of
 * {@link CountSumAggregate}. Its fields are not final, so a backend that serializes state field by field reads it
 * back into the object it reuses. Not thread-safe: owned by the task that aggregates into it.
 */
public final class CountSum {
    private long count;
    private long sum;

    /**
     * Counts one value and adds it to the sum.
     *
     * @param value the value of one record
     * @return this accumulator
     */
    public CountSum add(final long value) {
        count++;
        sum += value;
        return this;
    }

    /**
     * Folds another accumulator's count and sum into this one.
     *
     * @param other another accumulator, left as it is
     * @return this accumulator
     */
    public CountSum merge(final CountSum other) {
        count += other.count;
        sum += other.sum;
        return this;
    }

    /** @return the values counted */
    public long count() {
        return count;
    }

    /** @return the sum of the values counted */
    public long sum() {
        return sum;
    }
}
