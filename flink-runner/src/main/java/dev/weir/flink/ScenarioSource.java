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
 * watermarks, end of input). Meant for parallelism 1; a second reader gets no split and ends at
 * once. Immutable once built.
 */
public final class ScenarioSource implements Source<ScenarioRecord, ScenarioSplit, List<ScenarioSplit>> {
    private static final long serialVersionUID = 1L;

    private final ArrayList<ScenarioElement> elements;

    /** @param elements the channel's rows in file order */
    public ScenarioSource(final List<ScenarioElement> elements) {
        this.elements = new ArrayList<>(elements);
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
        return new ScenarioSourceReader(context, elements);
    }
}
