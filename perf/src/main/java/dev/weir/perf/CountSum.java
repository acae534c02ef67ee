package dev.weir.perf;

/** A mutable count+sum accumulator, updated in place: one per key and window. */
public final class CountSum {
    private long count;
    private long sum;

    /**
     * @param price a record's price
     * @return this accumulator
     */
    public CountSum add(final long price) {
        count++;
        sum += price;
        return this;
    }

    /**
     * @param other another accumulator, folded into this one
     * @return this accumulator
     */
    public CountSum merge(final CountSum other) {
        count += other.count;
        sum += other.sum;
        return this;
    }

    /** @return records counted */
    public long count() {
        return count;
    }

    /** @return prices summed */
    public long sum() {
        return sum;
    }
}
