package dev.weir.flink.source;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * Emits the events of a {@link LocalHandoff} on the source task's thread, in the order sent, at most a batch per
 * {@link #pollNext}: each slot is freed once Flink's output has taken the event (Flink copies or serializes a record
 * before it keeps it, object reuse being off). On an empty ring it keeps polling (the task thread busy-spins, so an
 * event is picked up within about a microsecond) for {@value #SPIN_POLLS} polls, then parks until the next send.
 * Ends when the handoff has ended and every event was emitted. Runs on its task thread only.
 *
 * @param <E> the event type
 */
final class HandoffReader<E> implements SourceReader<E, HandoffSplit> {
    /** Empty polls before the reader parks: about a millisecond of spinning. */
    private static final int SPIN_POLLS = 20_000;
    private static final int BATCH = 64;

    private final SourceReaderContext context;
    private final String handoffId;
    private LocalHandoff<E> handoff;
    private boolean assigned;
    private int emptyPolls;
    private CompletableFuture<Void> available = new CompletableFuture<>();

    HandoffReader(final SourceReaderContext context, final String handoffId) {
        this.context = context;
        this.handoffId = handoffId;
    }

    @Override
    public void start() {
        handoff = LocalHandoff.of(handoffId);
        handoff.readerStarted();
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(final ReaderOutput<E> output) {
        if (!assigned) {
            return InputStatus.NOTHING_AVAILABLE; // until addSplits completes the future
        }
        int emitted = 0;
        E event;
        while (emitted < BATCH && (event = handoff.next()) != null) {
            output.collect(event);
            handoff.release();
            emitted++;
        }
        if (emitted > 0) {
            emptyPolls = 0;
            return InputStatus.MORE_AVAILABLE;
        }
        if (handoff.finished()) {
            return InputStatus.END_OF_INPUT;
        }
        if (++emptyPolls < SPIN_POLLS) {
            return InputStatus.MORE_AVAILABLE;
        }
        emptyPolls = 0;
        available = handoff.whenAvailable();
        return InputStatus.NOTHING_AVAILABLE;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(final List<HandoffSplit> splits) {
        if (!splits.isEmpty()) {
            assigned = true;
            available.complete(null);
        }
    }

    @Override
    public void notifyNoMoreSplits() {
    }

    @Override
    public List<HandoffSplit> snapshotState(final long checkpointId) {
        final List<HandoffSplit> state = new ArrayList<>();
        if (assigned) {
            state.add(HandoffSplit.ONLY);
        }
        return state;
    }

    @Override
    public void close() {
    }
}
