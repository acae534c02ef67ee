package dev.weir.flink.translation;

/**
 * One result on its way from a Flink job to the caller's Weir sink: the value and the record's
 * Flink timestamp ({@code Long.MIN_VALUE} for a record without one), so that the sink receives
 * {@code accept(value, timestamp)} as on Weir. Travels through Flink's collect mechanism (Kryo).
 * Immutable.
 */
final class TimestampedResult {
    private final Object value;
    private final long timestamp;

    /**
     * @param value the result
     * @param timestamp its event time, {@code Long.MIN_VALUE} for none
     */
    TimestampedResult(final Object value, final long timestamp) {
        this.value = value;
        this.timestamp = timestamp;
    }

    /** @return the result */
    Object value() {
        return value;
    }

    /** @return its event time, {@code Long.MIN_VALUE} for none */
    long timestamp() {
        return timestamp;
    }
}
