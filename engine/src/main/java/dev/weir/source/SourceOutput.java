package dev.weir.source;

/**
 * Where a {@link SourceReader} emits its records, on the source task's thread. A reader of one
 * stream emits here directly: the source runs one watermark generator. A reader of several
 * splits (files, partitions) emits through {@link #split(int)} instead, so that each split runs
 * its own generator and the source emits the minimum over its splits (docs/semantics.md §1,
 * split-level watermarks). A reader uses one way or the other, never both.
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

    /**
     * The output of one split. The first call registers the split: from then on it holds the
     * source's watermark back until its own generator advances, so a reader registers every
     * split it owns before emitting any record. Later calls return the same object (no
     * allocation).
     *
     * @param splitIndex the reader's own index of the split: small, not negative
     * @return the split's output
     * @throws IllegalStateException if records were already emitted directly on this output
     */
    SplitOutput<T> split(int splitIndex);
}
