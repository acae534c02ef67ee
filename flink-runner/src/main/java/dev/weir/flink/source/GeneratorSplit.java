package dev.weir.flink.source;

/**
 * One share of a {@link FlinkGeneratorSource}, as one instance of Weir's {@code GeneratorSource}:
 * share {@code i} of {@code p} makes the records {@code i, i+p, i+2p, ...} of the sequence;
 * {@link #next()} is the sequence number of its next record, the position Flink checkpoints.
 * Immutable.
 */
public final class GeneratorSplit implements IndexedSplit {
    private final int index;
    private final int shares;
    private final long next;

    /**
     * @param index the share's number, {@code 0..shares-1}
     * @param shares the number of shares (the source's parallelism when the job started)
     * @param next the sequence number of the share's next record (at first {@code index})
     */
    public GeneratorSplit(final int index, final int shares, final long next) {
        if (shares < 1 || index < 0 || index >= shares || next < index) {
            throw new IllegalArgumentException("generator share " + index + " of " + shares + " at record " + next);
        }
        this.index = index;
        this.shares = shares;
        this.next = next;
    }

    @Override
    public int index() {
        return index;
    }

    /** @return the number of shares: the step between two records of this share */
    public int shares() {
        return shares;
    }

    /** @return the sequence number of the next record */
    public long next() {
        return next;
    }

    @Override
    public String splitId() {
        return "share-" + index;
    }

    @Override
    public boolean equals(final Object other) {
        if (!(other instanceof GeneratorSplit)) {
            return false;
        }
        final GeneratorSplit split = (GeneratorSplit) other;
        return index == split.index && shares == split.shares && next == split.next;
    }

    @Override
    public int hashCode() {
        return (31 * index + shares) * 31 + Long.hashCode(next);
    }

    @Override
    public String toString() {
        return "share " + index + " of " + shares + " at record " + next;
    }
}
