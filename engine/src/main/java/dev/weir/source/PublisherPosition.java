package dev.weir.source;

/**
 * Where a {@link Publisher} was when a checkpoint's barrier left it: the records it had accepted
 * before the barrier, counted over every run since the pipeline first started (a restored
 * publisher counts on from its restored position), and the offset the application published
 * with the latest of them that had one ({@link Publisher#publishWithOffset}). Every checkpoint
 * records one per publisher; after a restore, {@code StreamPipeline.restoredPosition} gives it
 * back, and the application resumes its input right after it: with its record number
 * {@code records() + 1} (counting from 1), or after {@code offset()}. Immutable.
 */
public final class PublisherPosition {
    /** The position of a publisher that has accepted nothing: a pipeline that started fresh. */
    public static final PublisherPosition START = new PublisherPosition(0, false, 0);

    private final long records;
    private final boolean hasOffset;
    private final long offset;

    /**
     * @param records the records accepted before the barrier, not negative
     * @param hasOffset true if one of them was published with an offset
     * @param offset the offset published with the latest such record (0 without one)
     */
    public PublisherPosition(final long records, final boolean hasOffset, final long offset) {
        if (records < 0) {
            throw new IllegalArgumentException("a publisher accepts at least 0 records: " + records);
        }
        this.records = records;
        this.hasOffset = hasOffset;
        this.offset = hasOffset ? offset : 0;
    }

    /** @return the records the publisher accepted before the barrier */
    public long records() {
        return records;
    }

    /** @return true if a record before the barrier was published with an offset */
    public boolean hasOffset() {
        return hasOffset;
    }

    /**
     * @return the offset the application published with the latest record before the barrier
     *     that had one
     * @throws IllegalStateException if no record before the barrier had an offset ({@link #hasOffset()} is false)
     */
    public long offset() {
        if (!hasOffset) {
            throw new IllegalStateException("no record before this position was published with an offset (" + records
                    + " records): use records(), or publish with publishWithOffset");
        }
        return offset;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof PublisherPosition that && records == that.records && hasOffset == that.hasOffset && offset == that.offset;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(records) * 31 + (hasOffset ? Long.hashCode(offset) + 1 : 0);
    }

    @Override
    public String toString() {
        return hasOffset ? records + " records, offset " + offset : records + " records, no offset";
    }
}
