package dev.weir.time;

/**
 * Decides from a single record whether it carries a watermark (e.g. a marker record).
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface Punctuation<T> {
    /** Returned when a record carries no watermark. */
    long NO_WATERMARK = Long.MIN_VALUE;

    /**
     * @param event the record
     * @param timestamp its event time
     * @return the watermark it carries, or {@link #NO_WATERMARK}
     */
    long watermarkOf(T event, long timestamp);
}
