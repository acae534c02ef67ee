package dev.weir.operator;

/**
 * The collector handed to a user function: emits to the operator's output, stamped with the
 * timestamp of the record or timer being processed (MIN for a processing-time timer's results).
 *
 * @param <T> the output type
 */
final class StampingCollector<T> implements Collector<T> {
    private Output<T> output;
    private long timestamp;

    /** @param out where results go */
    void setOutput(final Output<T> out) {
        this.output = out;
    }

    /** @param stamp the timestamp of the next results */
    void setTimestamp(final long stamp) {
        this.timestamp = stamp;
    }

    @Override
    public void collect(final T value) {
        output.record(value, timestamp);
    }
}
