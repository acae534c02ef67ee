package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.TaggedScenarioRecord;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * The head of a window join's task, with Flink's window operator chained behind it. It holds the
 * one valve over every channel of both inputs (Flink's own {@link StatusWatermarkValve}, the left
 * channels first), as the input of a window operator behind a union of both inputs' source
 * subtasks has: each channel's watermark and status arrive as {@link ChannelMarks}, and what
 * leaves the valve goes to the window operator as its watermark and status. The sources' own
 * watermarks are not used (they send none but the MAX at their end, which their channels' ends
 * already sent through the valve). It acknowledges each {@link RowDone} marker of the input it
 * was tagged with and drops it, and passes every record on. Chained operators run on one thread,
 * one call inside the other, so when a marker arrives here every record and watermark before it
 * has been through the window operator and its lines are on the board. Each marker and each
 * watermark out of the valve starts a new epoch of the subtask's lines ({@link LineBoard}). Runs
 * on its task's thread.
 */
final class WindowJoinHead extends AbstractStreamOperator<TaggedScenarioRecord>
        implements OneInputStreamOperator<TaggedScenarioRecord, TaggedScenarioRecord> {
    private static final long serialVersionUID = 1L;

    private final String boardId;
    private final int channels;
    private transient StatusWatermarkValve valve;
    private transient ToWindow toWindow;

    /**
     * @param boardId the run's board
     * @param channels the channels of both inputs
     */
    WindowJoinHead(final String boardId, final int channels) {
        this.boardId = boardId;
        this.channels = channels;
    }

    @Override
    public void open() throws Exception {
        super.open();
        valve = new StatusWatermarkValve(channels);
        toWindow = new ToWindow();
    }

    @Override
    public void processElement(final StreamRecord<TaggedScenarioRecord> element) throws Exception {
        final TaggedScenarioRecord tagged = element.getValue();
        final ScenarioRecord record = tagged.record();
        if (RowDone.is(record)) {
            final LineBoard board = LineBoard.of(boardId);
            board.nextEpoch(subtask());
            board.lockStep().acknowledge(tagged.input().ordinal());
        } else if (ChannelMarks.is(record)) {
            ChannelMarks.apply(record, valve, toWindow);
        } else {
            output.collect(element);
        }
    }

    @Override
    public void processWatermark(final Watermark mark) {
        // the sources' own: only the MAX at their end, which the valve already has from their channels
    }

    @Override
    public void processWatermarkStatus(final WatermarkStatus status) {
        // the sources' own: the valve has their channels' status
    }

    private int subtask() {
        return getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    }

    /** What leaves the valve: to the chained window operator. */
    private final class ToWindow extends WatermarksOnlyOutput {
        @Override
        public void emitWatermark(final Watermark watermark) {
            LineBoard.of(boardId).nextEpoch(subtask());
            output.emitWatermark(watermark);
        }

        @Override
        public void emitWatermarkStatus(final WatermarkStatus status) {
            output.emitWatermarkStatus(status);
        }
    }
}
