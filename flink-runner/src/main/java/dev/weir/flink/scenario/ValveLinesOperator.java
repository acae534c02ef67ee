package dev.weir.flink.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.pipelines.record.ScenarioRecord;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.TwoInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A two-input job without {@code join} on Flink: a two-input operator that prints the
 * {@code WM} and {@code STATUS} lines of what Flink's combination of its inputs lets through (the
 * combined watermark and status of {@link AbstractStreamOperator}), and acknowledges each source
 * step's {@link RowDone} marker. Records print nothing. Runs on its task's thread.
 */
final class ValveLinesOperator extends AbstractStreamOperator<String> implements TwoInputStreamOperator<ScenarioRecord, ScenarioRecord, String> {
    private static final long serialVersionUID = 1L;

    private final String boardId;

    /** @param boardId the run's board */
    ValveLinesOperator(final String boardId) {
        this.boardId = boardId;
    }

    @Override
    public void processElement1(final StreamRecord<ScenarioRecord> element) {
        acknowledge(element, 0);
    }

    @Override
    public void processElement2(final StreamRecord<ScenarioRecord> element) {
        acknowledge(element, 1);
    }

    private void acknowledge(final StreamRecord<ScenarioRecord> element, final int input) {
        if (RowDone.is(element.getValue())) {
            LineBoard.of(boardId).lockStep().acknowledge(input);
        }
    }

    @Override
    public void processWatermark(final Watermark mark) throws Exception {
        LineBoard.of(boardId).add(ScenarioLines.watermark(mark.getTimestamp()));
        super.processWatermark(mark);
    }

    @Override
    protected void processWatermarkStatus(final org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus status, final int index)
            throws Exception {
        final boolean wasIdle = combinedWatermark.isIdle();
        super.processWatermarkStatus(status, index);
        if (wasIdle != combinedWatermark.isIdle()) {
            LineBoard.of(boardId).add(ScenarioLines.status(combinedWatermark.isIdle() ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE));
        }
    }
}
