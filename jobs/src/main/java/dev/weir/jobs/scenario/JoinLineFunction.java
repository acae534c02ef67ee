package dev.weir.jobs.scenario;

import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * The interval join function of a two-input job: one {@code JOIN} line per pair, still without its watermark,
 * which {@link WatermarkStampOperator} appends downstream (a join function does not see the watermark).
 */
public final class JoinLineFunction implements ProcessJoinFunction<ScenarioRecord, ScenarioRecord, String> {
    @Override
    public void processElement(final ScenarioRecord left, final ScenarioRecord right, final Context ctx, final Collector<String> out) {
        out.collect(ScenarioLines.intervalJoin(left, right, ctx.timestamp()));
    }

    @Override
    public String toString() {
        return JoinLineFunction.class.getName();
    }
}
