package dev.weir.flink;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

/**
 * Hands the scenario's one split to the first reader that asks, and tells every reader that no
 * more splits follow. Runs on Flink's coordinator thread only.
 */
final class ScenarioSplitEnumerator implements SplitEnumerator<ScenarioSplit, List<ScenarioSplit>> {
    private final SplitEnumeratorContext<ScenarioSplit> context;
    private final List<ScenarioSplit> pending;

    ScenarioSplitEnumerator(final SplitEnumeratorContext<ScenarioSplit> context, final List<ScenarioSplit> pending) {
        this.context = context;
        this.pending = new ArrayList<>(pending);
    }

    @Override
    public void start() {
    }

    @Override
    public void handleSplitRequest(final int subtask, final String host) {
        if (!pending.isEmpty()) {
            context.assignSplit(pending.remove(0), subtask);
        }
        context.signalNoMoreSplits(subtask);
    }

    @Override
    public void addSplitsBack(final List<ScenarioSplit> splits, final int subtask) {
        // a failed reader's split goes back to the front, at the position of its last checkpoint
        pending.addAll(0, splits);
    }

    @Override
    public void addReader(final int subtask) {
        // readers ask for their split themselves (ScenarioSourceReader#start)
    }

    @Override
    public List<ScenarioSplit> snapshotState(final long checkpointId) {
        return new ArrayList<>(pending);
    }

    @Override
    public void close() {
    }
}
