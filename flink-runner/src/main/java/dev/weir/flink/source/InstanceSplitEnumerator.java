package dev.weir.flink.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;

/**
 * Assigns splits as Weir assigns a source's shares to its instances: reader {@code r} of
 * {@code p} gets every split whose {@link IndexedSplit#index()} is {@code r} modulo {@code p}, in
 * index order, all in one assignment when it first asks (so it registers them all before it emits
 * a record, as Weir's reader does), and then no more. A split given back by a failed reader goes
 * to the next reader of that number that asks. Runs on Flink's coordinator thread only.
 *
 * @param <S> the split type
 */
public final class InstanceSplitEnumerator<S extends IndexedSplit> implements SplitEnumerator<S, List<S>> {
    private final SplitEnumeratorContext<S> context;
    private final List<S> pending;

    /**
     * @param context the enumerator's context
     * @param pending the splits not yet assigned, in index order
     */
    public InstanceSplitEnumerator(final SplitEnumeratorContext<S> context, final List<S> pending) {
        this.context = context;
        this.pending = new ArrayList<>(pending);
    }

    @Override
    public void start() {
    }

    @Override
    public void handleSplitRequest(final int subtask, final String host) {
        final int parallelism = context.currentParallelism();
        final List<S> mine = new ArrayList<>();
        for (final S split : pending) {
            if (split.index() % parallelism == subtask) {
                mine.add(split);
            }
        }
        if (!mine.isEmpty()) {
            pending.removeAll(mine);
            context.assignSplits(new SplitsAssignment<>(Map.of(subtask, mine)));
        }
        context.signalNoMoreSplits(subtask);
    }

    @Override
    public void addSplitsBack(final List<S> splits, final int subtask) {
        // the reader's splits at its last checkpoint; its restarted successor asks for them again
        pending.addAll(splits);
        pending.sort((a, b) -> Integer.compare(a.index(), b.index()));
    }

    @Override
    public void addReader(final int subtask) {
        // readers ask for their splits themselves when they start
    }

    @Override
    public List<S> snapshotState(final long checkpointId) {
        return new ArrayList<>(pending);
    }

    @Override
    public void close() {
    }
}
