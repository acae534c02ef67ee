package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * What a scenario source's reader does with its one split ({@link ScenarioSource}): asks the
 * enumerator for it on start, keeps the position of the next row and snapshots it as the split,
 * and completes its availability when the split comes or the enumerator says that none follows.
 * The subclass walks the rows from {@link #position()} ({@link #pollSplit}). Runs on its source task's thread only.
 */
abstract class SingleSplitReader implements SourceReader<ScenarioRecord, ScenarioSplit> {
    private final SourceReaderContext context;
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private ScenarioSplit split;
    private int position;
    private boolean noMoreSplits;

    /** @param context the reader's context, which sends the split request */
    SingleSplitReader(final SourceReaderContext context) {
        this.context = context;
    }

    @Override
    public final void start() {
        context.sendSplitRequest();
    }

    /**
     * Before the split has come, nothing is available, or the input ends if none follows; then the
     * subclass polls its rows.
     */
    @Override
    public final InputStatus pollNext(final ReaderOutput<ScenarioRecord> output) {
        if (split == null) {
            return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
        }
        return pollSplit(output);
    }

    /**
     * Emits what follows from the split, as {@link #pollNext} does once the split has come.
     *
     * @param output the reader's output
     * @return what {@link #pollNext} returns
     */
    abstract InputStatus pollSplit(ReaderOutput<ScenarioRecord> output);

    /** @return whether the enumerator has said that no split follows */
    final boolean noMoreSplits() {
        return noMoreSplits;
    }

    /** @return the index of the next row */
    final int position() {
        return position;
    }

    /** Moves on to the next row. */
    final void advance() {
        position++;
    }

    /**
     * Waits for the given future: the reader is available once it completes.
     *
     * @param change completes when the reader may go on
     * @return {@link InputStatus#NOTHING_AVAILABLE}
     */
    final InputStatus waitFor(final CompletableFuture<Void> change) {
        available = change;
        return InputStatus.NOTHING_AVAILABLE;
    }

    /**
     * Waits until the next split event, unless one is pending: an available future is replaced by
     * a new one that the split events complete.
     *
     * @return whether the future was replaced, false when the reader already waited
     */
    final boolean pause() {
        if (available.isDone()) {
            available = new CompletableFuture<>();
            return true;
        }
        return false;
    }

    /**
     * Emits one row: a record to the output, with its event time as the timestamp, and on to its
     * channel's generator; a watermark, status or end row to its channel's watermarks.
     *
     * @param element the row
     * @param output the reader's output
     * @param watermarks the channels' watermarks
     */
    static void emit(final ScenarioElement element, final ReaderOutput<ScenarioRecord> output, final ChannelWatermarks watermarks) {
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
    }

    @Override
    public final List<ScenarioSplit> snapshotState(final long checkpointId) {
        final List<ScenarioSplit> state = new ArrayList<>(1);
        if (split != null) {
            state.add(new ScenarioSplit(position));
        }
        return state;
    }

    @Override
    public final CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public final void addSplits(final List<ScenarioSplit> splits) {
        split = splits.get(0);
        position = split.position();
        wake();
    }

    @Override
    public final void notifyNoMoreSplits() {
        noMoreSplits = true;
        wake();
    }

    private void wake() {
        available.complete(null);
        available = CompletableFuture.completedFuture(null);
    }

    @Override
    public final void close() {
    }
}
