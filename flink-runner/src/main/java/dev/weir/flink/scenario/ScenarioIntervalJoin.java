package dev.weir.flink.scenario;

import dev.weir.jobs.file.JoinSpec;
import dev.weir.jobs.scenario.ScenarioInput;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.pipelines.record.ScenarioRecord;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.streaming.api.operators.co.IntervalJoinOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;

/**
 * A two-input job's {@code join.type: interval} on Flink: Flink's own {@link IntervalJoinOperator}
 * (bounds, exclusivity, buffering, lateness, cleanup), which also acknowledges each source step's
 * {@link RowDone} marker, tells {@link IntervalJoinLines} the watermark, and prints a late record
 * of either side as a {@code LATE} line, or counts it as dropped without {@code sideOutputLateData}.
 * Each marker and each watermark starts a new epoch of the subtask's lines ({@link LineBoard}).
 * Runs on its task's thread.
 */
final class ScenarioIntervalJoin extends IntervalJoinOperator<String, ScenarioRecord, ScenarioRecord, String> {
    private static final long serialVersionUID = 1L;

    private final String boardId;
    private final boolean sideOutputLateData;

    private ScenarioIntervalJoin(final JoinSpec join, final String boardId, final IntervalJoinLines lines) {
        super(join.lowerBoundMillis(), join.upperBoundMillis(), !join.lowerBoundExclusive(), !join.upperBoundExclusive(),
                new OutputTag<>("late-left", TypeInformation.of(ScenarioRecord.class)),
                new OutputTag<>("late-right", TypeInformation.of(ScenarioRecord.class)),
                TypeInformation.of(ScenarioRecord.class).createSerializer(new SerializerConfigImpl()),
                TypeInformation.of(ScenarioRecord.class).createSerializer(new SerializerConfigImpl()), lines);
        this.boardId = boardId;
        this.sideOutputLateData = join.sideOutputLateData();
    }

    /**
     * @param join the job's interval join
     * @param boardId the run's board
     * @return the operator
     */
    static ScenarioIntervalJoin of(final JoinSpec join, final String boardId) {
        return new ScenarioIntervalJoin(join, boardId, new IntervalJoinLines(boardId));
    }

    @Override
    public void processElement1(final StreamRecord<ScenarioRecord> record) throws Exception {
        if (RowDone.is(record.getValue())) {
            acknowledge(0);
        } else {
            super.processElement1(record);
        }
    }

    @Override
    public void processElement2(final StreamRecord<ScenarioRecord> record) throws Exception {
        if (RowDone.is(record.getValue())) {
            acknowledge(1);
        } else {
            super.processElement2(record);
        }
    }

    private void acknowledge(final int input) {
        final LineBoard board = LineBoard.of(boardId);
        board.nextEpoch(subtask());
        board.lockStep().acknowledge(input);
    }

    private int subtask() {
        return getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    }

    @Override
    public void processWatermark(final Watermark mark) throws Exception {
        LineBoard.of(boardId).nextEpoch(subtask());
        super.processWatermark(mark);
        ((IntervalJoinLines) getUserFunction()).watermark(mark.getTimestamp());
    }

    @Override
    protected <T> void sideOutput(final T value, final long timestamp, final boolean left) {
        final LineBoard board = LineBoard.of(boardId);
        if (sideOutputLateData) {
            board.add(subtask(), ScenarioLines.late(left ? ScenarioInput.LEFT : ScenarioInput.RIGHT, (ScenarioRecord) value));
        } else {
            board.dropLate();
        }
    }
}
