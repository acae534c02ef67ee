package dev.weir.flink.scenario;

import dev.weir.flink.source.IndexedSplit;
import dev.weir.flink.source.InstanceSplitEnumerator;

/**
 * The one split of a scenario source: the whole element file, and how many of its rows the
 * reader has emitted (the position Flink checkpoints). Split number 0 of the source, which
 * runs at parallelism 1, so {@link InstanceSplitEnumerator} hands it to reader 0. Immutable.
 */
public final class ScenarioSplit implements IndexedSplit {
    /** The id of the only split. */
    static final String ID = "elements";

    private final int position;

    /** @param position rows already emitted (0 for a fresh split) */
    public ScenarioSplit(final int position) {
        this.position = position;
    }

    /** @return the number of rows already emitted */
    public int position() {
        return position;
    }

    @Override
    public String splitId() {
        return ID;
    }

    @Override
    public int index() {
        return 0;
    }
}
