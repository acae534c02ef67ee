package dev.weir.jobs.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * The operator of a job without a window: drops records and turns what leaves the
 * valve into {@code WM} and {@code STATUS} lines (records for the sink), each before the
 * watermark or status itself moves on.
 */
final class ValveLineOperator implements OneInputOperator<ScenarioRecord, String> {
    private Output<String> output;

    @Override
    public void open(final OperatorContext context, final Output<String> out) {
        this.output = out;
    }

    @Override
    public void processRecord(final ScenarioRecord value, final long timestamp) {
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
