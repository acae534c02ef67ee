package dev.weir.flink.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * Emits the rows of the scenario's split, one per {@link #pollNext} call, in file order. Before a
 * row, the periodic emissions due by its processing time run ({@link ChannelWatermarks}); then a
 * record goes out with its event time as the record's timestamp and on to its channel's
 * generator, a {@code W}, {@code I} or {@code A} row to its channel's watermark output, an
 * {@code E} row ends its channel with MAX. The channels' watermarks reach the reader's output
 * combined by Flink's multiplexer; the output, as every Flink source output, forwards only rising
 * watermarks. Once every channel has ended, and the enumerator has said that no split follows, the
 * input ends; if a channel never ends, the reader tells the
 * run's {@link LineBoard} after the last row and waits for good. Runs on its source task's thread
 * only.
 */
final class ScenarioSourceReader implements SourceReader<ScenarioRecord, ScenarioSplit> {
    private final SourceReaderContext context;
    private final List<ScenarioElement> elements;
    private final String boardId;
    private final ChannelWatermarks watermarks;
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private ScenarioSplit split;
    private int position;
    private boolean noMoreSplits;

    ScenarioSourceReader(final SourceReaderContext context, final List<ScenarioElement> elements, final String boardId,
            final ChannelWatermarks watermarks) {
        this.context = context;
        this.elements = elements;
        this.boardId = boardId;
        this.watermarks = watermarks;
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
        watermarks.emitTo(output);
        if (position == elements.size()) {
            if (watermarks.allEnded()) {
                if (noMoreSplits) {
                    return InputStatus.END_OF_INPUT;
                }
                // the enumerator's last event (no more splits) must find the task running, or Flink fails the job
                if (available.isDone()) {
                    available = new CompletableFuture<>();
                }
                return InputStatus.NOTHING_AVAILABLE;
            }
            // a channel without an E row: everything is emitted, and time does not end; the run stops the job
            if (available.isDone()) {
                available = new CompletableFuture<>();
                LineBoard.of(boardId).allRowsEmitted();
            }
            return InputStatus.NOTHING_AVAILABLE;
        }
        final ScenarioElement element = elements.get(position++);
        watermarks.advanceTo(element.at());
        switch (element.kind()) {
            case RECORD:
                final ScenarioRecord record = element.toRecord();
                output.collect(record, element.timestamp());
                watermarks.onRecord(element.channel(), record, element.timestamp());
                break;
            case WATERMARK:
                watermarks.onWatermark(element.channel(), element.timestamp());
                break;
            case IDLE:
            case ACTIVE:
                watermarks.onStatus(element.channel(), element.kind() == ScenarioElement.Kind.IDLE);
                break;
            case END:
            default:
                watermarks.onEnd(element.channel());
                break;
        }
        return InputStatus.MORE_AVAILABLE;
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
