package dev.weir.flink.scenario;

import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.pipelines.record.ScenarioRecord;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.util.Collector;

/**
 * The {@link ProcessJoinFunction} of a two-input scenario job's interval join: each joined pair
 * as Weir's {@code JOIN} line, with the operator's watermark that {@link ScenarioIntervalJoin}
 * keeps up to date, straight to the run's board. Runs on its operator's thread.
 */
final class IntervalJoinLines extends ProcessJoinFunction<ScenarioRecord, ScenarioRecord, String> {
    private static final long serialVersionUID = 1L;

    private final String boardId;
    private long watermark = Long.MIN_VALUE;

    /** @param boardId the run's board */
    IntervalJoinLines(final String boardId) {
        this.boardId = boardId;
    }

    /** @param current the operator's current watermark */
    void watermark(final long current) {
        watermark = current;
    }

    @Override
    public void processElement(final ScenarioRecord left, final ScenarioRecord right, final Context ctx, final Collector<String> out) {
        LineBoard.of(boardId).add(getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(), ScenarioLines.withWatermark(ScenarioLines.intervalJoin(left, right, ctx.getTimestamp()), watermark));
    }
}
