package dev.weir.source;

/**
 * Where a {@link SourceReader} emits its records.
 *
 * @param <T> the record type
 */
public interface SourceOutput<T> {
    /** @param value a record without a timestamp of its own (the strategy's assigner gives one) */
    void emit(T value);

    /**
     * @param value a record
     * @param timestamp the timestamp it carries (the strategy's assigner may replace it)
     */
    void emit(T value, long timestamp);
}
