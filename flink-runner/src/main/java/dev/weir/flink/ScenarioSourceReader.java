package dev.weir.flink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import dev.weir.pipelines.scenario.ScenarioRecord;

/**
 * Emits the rows of the scenario's split, one per {@link #pollNext} call, in file order: a record
 * with its event time as the record's timestamp, a watermark row as an explicit watermark on the
 * output (which, as every Flink source output, forwards only rising watermarks), the end row as
 * the end of input. After the last row of a channel without an end row it tells the run's
 * {@link LineBoard} and waits for good. Runs on its source task's thread only.
 */
final class ScenarioSourceReader implements SourceReader<ScenarioRecord, ScenarioSplit> {
    private final SourceReaderContext context;
    private final List<ScenarioElement> elements;
    private final String boardId;
    private final boolean endsInput;
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private ScenarioSplit split;
    private int position;
    private boolean noMoreSplits;

    ScenarioSourceReader(final SourceReaderContext context, final List<ScenarioElement> elements, final String boardId) {
        this.context = context;
        this.elements = elements;
        this.boardId = boardId;
        this.endsInput = !elements.isEmpty() && elements.get(elements.size() - 1).kind() == ScenarioElement.Kind.END;
    }

    @Override
    public void start() {
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(final ReaderOutput<ScenarioRecord> output) {
        if (split == null) {
            return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
        }
        if (position == elements.size()) {
            if (endsInput) {
                return InputStatus.END_OF_INPUT;
            }
            // a channel without an E row: everything is emitted, and time does not end; the run stops the job
            if (available.isDone()) {
                available = new CompletableFuture<>();
                LineBoard.of(boardId).allRowsEmitted();
            }
            return InputStatus.NOTHING_AVAILABLE;
        }
        final ScenarioElement element = elements.get(position++);
        switch (element.kind()) {
            case RECORD:
                output.collect(element.toRecord(), element.timestamp());
                return InputStatus.MORE_AVAILABLE;
            case WATERMARK:
                output.emitWatermark(new Watermark(element.timestamp()));
                return InputStatus.MORE_AVAILABLE;
            case END:
            default:
                position = elements.size();
                return InputStatus.END_OF_INPUT;
        }
    }

    @Override
    public List<ScenarioSplit> snapshotState(final long checkpointId) {
        final List<ScenarioSplit> state = new ArrayList<>(1);
        if (split != null) {
            state.add(new ScenarioSplit(position));
        }
        return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(final List<ScenarioSplit> splits) {
        split = splits.get(0);
        position = split.position();
        wake();
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        wake();
    }

    private void wake() {
        available.complete(null);
        available = CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
    }
}
