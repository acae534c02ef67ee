package dev.weir.window;

/**
 * Chooses the session gap of each record, for dynamic session windows.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface SessionGapExtractor<T> {
    /**
     * @param element a record
     * @return its session gap in milliseconds, positive
     */
    long gapOf(T element);
}
