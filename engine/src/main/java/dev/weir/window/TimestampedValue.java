package dev.weir.window;

/**
 * A record with its event time, as an evicting window keeps its elements.
 *
 * @param <T> the record type
 */
public final class TimestampedValue<T> {
    private final T value;
    private final long timestamp;

    /**
     * @param value the record
     * @param timestamp its event time, or {@code Long.MIN_VALUE} when it has none
     */
    public TimestampedValue(final T value, final long timestamp) {
        this.value = value;
        this.timestamp = timestamp;
    }

    /** @return the record */
    public T value() {
        return value;
    }

    /** @return its event time */
    public long timestamp() {
        return timestamp;
    }

    /** @return true if the record has an event time */
    public boolean hasTimestamp() {
        return timestamp != Long.MIN_VALUE;
    }

    @Override
    public String toString() {
        return value + "@" + timestamp;
    }
}
