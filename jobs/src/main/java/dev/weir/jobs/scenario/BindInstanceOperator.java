package dev.weir.jobs.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * First operator of a scenario's keyed stage: passes everything on, and tells the
 * {@link InstanceLines} which instance runs on this thread before anything downstream prints
 * (a window result, a late record, a valve line).
 */
final class BindInstanceOperator implements OneInputOperator<ScenarioRecord, ScenarioRecord> {
    private final InstanceLines lines;
    private Output<ScenarioRecord> output;
    private int instance;
    private boolean bound;

    BindInstanceOperator(final InstanceLines lines) {
        this.lines = lines;
    }

    @Override
    public void open(final OperatorContext context, final Output<ScenarioRecord> out) {
        this.output = out;
        this.instance = context.instance();
    }

    private void bind() {
        if (!bound) {
            bound = true;
            lines.bind(instance);
        }
    }

    @Override
    public void processRecord(final ScenarioRecord value, final long timestamp) {
        bind();
        output.record(value, timestamp);
    }

    @Override
    public void processWatermark(final long watermark) {
        bind();
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        bind();
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        bind();
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }

    @Override
    public void endInput() {
        bind();
    }
}
