package dev.weir.flink.source;

/**
 * The one split of a {@link FlinkHandoffSource}: the whole handoff, read from where it stands. It carries no
 * position, since a handoff cannot be read again. Immutable.
 */
final class HandoffSplit implements IndexedSplit {
    /** The one instance. */
    static final HandoffSplit ONLY = new HandoffSplit();

    private HandoffSplit() {
    }

    @Override
    public int index() {
        return 0;
    }

    @Override
    public String splitId() {
        return "handoff";
    }

    @Override
    public String toString() {
        return "the handoff's split";
    }
}
