package dev.weir.source;

/**
 * Where a {@link SourceReader} emits the records of one split (docs/semantics.md §1, split-level
 * watermarks): each split has its own watermark generator, and the source emits the minimum
 * over the splits that have not ended. Obtained from {@link SourceOutput#split(int)}; used on
 * the source task's thread only.
 *
 * @param <T> the record type
 */
public interface SplitOutput<T> {
    /** @param value a record of this split without a timestamp of its own */
    void emit(T value);

    /**
     * @param value a record of this split
     * @param timestamp the timestamp it carries (the strategy's assigner may replace it)
     */
    void emit(T value, long timestamp);

    /**
     * The split has been read to its end: it stops holding the source's watermark back (from the
     * next periodic emission on). No record may follow. Idempotent.
     */
    void end();

    /** @return the reader's index of this split */
    int splitIndex();
}
