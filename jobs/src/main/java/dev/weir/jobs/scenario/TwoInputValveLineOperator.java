package dev.weir.jobs.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * The operator of a two-input job without a join: drops the records of both inputs and turns the combined
 * watermark and status that reach it (docs/semantics.md §7, the two-input rule) into {@code WM} and
 * {@code STATUS} lines, each before the watermark or status itself moves on.
 */
public final class TwoInputValveLineOperator implements TwoInputOperator<ScenarioRecord, ScenarioRecord, String> {
    private Output<String> output;

    @Override
    public void open(final OperatorContext context, final Output<String> out) {
        this.output = out;
    }

    @Override
    public void processRecord1(final ScenarioRecord value, final long timestamp) {
        // only watermarks and status are observed
    }

    @Override
    public void processRecord2(final ScenarioRecord value, final long timestamp) {
        // only watermarks and status are observed
    }

    @Override
    public void processWatermark(final long watermark) {
        output.record(ScenarioLines.watermark(watermark), watermark);
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.record(ScenarioLines.status(status), Long.MIN_VALUE);
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        // no timers
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }
}
