package dev.weir.flink;

import dev.weir.pipelines.scenario.ScenarioRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A bounded FLIP-27 source over one channel of a scenario: one split holding the element rows,
 * emitted in file order by {@link ScenarioSourceReader} (records with their timestamps, explicit
 * watermarks, end of input). A channel without an end row never ends: its reader waits after the
 * last row, as a source whose input has paused. Meant for parallelism 1; a second reader gets no
 * split and ends at once. Immutable once built.
 */
public final class ScenarioSource implements Source<ScenarioRecord, ScenarioSplit, List<ScenarioSplit>> {
    private static final long serialVersionUID = 1L;

    private final ArrayList<ScenarioElement> elements;
    private final String boardId;

    /**
     * @param elements the channel's rows in file order; without an {@link ScenarioElement.Kind#END} row last the
     *     channel never ends: the reader waits after the last row (the run then stops the job without draining)
     * @param boardId the run's board, told when a channel that never ends has emitted its rows
     */
    ScenarioSource(final List<ScenarioElement> elements, final String boardId) {
        this.elements = new ArrayList<>(elements);
        this.boardId = boardId;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<ScenarioSplit, List<ScenarioSplit>> createEnumerator(final SplitEnumeratorContext<ScenarioSplit> context) {
        return new ScenarioSplitEnumerator(context, List.of(new ScenarioSplit(0)));
    }

    @Override
    public SplitEnumerator<ScenarioSplit, List<ScenarioSplit>> restoreEnumerator(
            final SplitEnumeratorContext<ScenarioSplit> context, final List<ScenarioSplit> pending) {
        return new ScenarioSplitEnumerator(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<ScenarioSplit> getSplitSerializer() {
        return ScenarioSplitSerializer.split();
    }

    @Override
    public SimpleVersionedSerializer<List<ScenarioSplit>> getEnumeratorCheckpointSerializer() {
        return ScenarioSplitSerializer.pending();
    }

    @Override
    public SourceReader<ScenarioRecord, ScenarioSplit> createReader(final SourceReaderContext context) {
        return new ScenarioSourceReader(context, elements, boardId);
    }
}
