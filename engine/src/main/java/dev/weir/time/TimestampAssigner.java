package dev.weir.time;

/**
 * Extracts the event time of a record.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface TimestampAssigner<T> {
    /** The timestamp of a record that has none. */
    long NO_TIMESTAMP = Long.MIN_VALUE;

    /**
     * @param element the record
     * @param recordTimestamp the timestamp the record already carries, or {@link #NO_TIMESTAMP}
     * @return the event time in milliseconds
     */
    long extractTimestamp(T element, long recordTimestamp);
}
