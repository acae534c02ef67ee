package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * One source of a two-input scenario job: walks every row of the element file, runs its input's
 * ticks due before each row and emits the rows of its input, as {@link ScenarioSourceReader} does
 * for one input, but one step at a time in turn with the other input's source ({@link LockStep}):
 * a step waits until every earlier step of either input is through the operator that meets both
 * inputs, and a {@link RowDone} marker per subtask of that operator follows it. Runs on its source
 * task's thread only.
 */
final class LockStepSourceReader extends SingleSplitReader {
    private static final long NO_TICK = Long.MIN_VALUE;

    private final List<ScenarioElement> elements;
    private final String boardId;
    private final ChannelWatermarks watermarks;
    private final int input;
    private final ScenarioRecord[] markers;
    private long markersSent;
    private boolean stepTold;
    private long stepTick = NO_TICK;
    private boolean rowsEmitted;

    LockStepSourceReader(final SourceReaderContext context, final List<ScenarioElement> elements, final String boardId,
            final ChannelWatermarks watermarks, final int input, final int subtasks) {
        super(context);
        this.elements = elements;
        this.boardId = boardId;
        this.watermarks = watermarks;
        this.input = input;
        this.markers = RowDone.markers(subtasks);
    }

    @Override
    InputStatus pollSplit(final ReaderOutput<ScenarioRecord> output) {
        watermarks.emitTo(output);
        final LineBoard board = LineBoard.of(boardId);
        final LockStep lockStep = board.lockStep();
        final CompletableFuture<Void> change = lockStep.changed();
        if (lockStep.acknowledged(input) < markersSent) {
            return waitFor(change);
        }
        if (!stepTold) {
            nextStep();
            lockStep.pending(input, position() == elements.size() ? LockStep.DONE : position(), stepTick == NO_TICK ? Long.MAX_VALUE : stepTick);
            stepTold = true;
        }
        if (position() == elements.size()) {
            return afterTheLastRow(board);
        }
        if (!lockStep.mayRun(input)) {
            return waitFor(change);
        }
        final ScenarioElement element = elements.get(position());
        if (stepTick != NO_TICK) {
            watermarks.runTick(element.at());
        } else {
            advance();
            emit(element, output, watermarks);
        }
        for (final ScenarioRecord marker : markers) {
            output.collect(marker);
        }
        markersSent += markers.length;
        stepTold = false;
        return InputStatus.MORE_AVAILABLE;
    }

    /** Finds the next step: a tick of this input due before the row at {@link #position()}, or a row of this input. */
    private void nextStep() {
        while (position() < elements.size()) {
            final ScenarioElement element = elements.get(position());
            final long tick = watermarks.dueTick(element.at());
            if (tick != NO_TICK) {
                stepTick = tick;
                return;
            }
            watermarks.settle(element.at());
            stepTick = NO_TICK;
            if (element.input() == input) {
                return;
            }
            advance();
        }
        stepTick = NO_TICK;
    }

    private InputStatus afterTheLastRow(final LineBoard board) {
        if (!rowsEmitted) {
            rowsEmitted = true;
            board.inputRowsEmitted();
        }
        if (watermarks.allEnded()) {
            if (noMoreSplits()) {
                return InputStatus.END_OF_INPUT;
            }
            pause();
            return InputStatus.NOTHING_AVAILABLE;
        }
        // a channel without an E row: everything is emitted, and time does not end; the run stops the job
        pause();
        return InputStatus.NOTHING_AVAILABLE;
    }
}
