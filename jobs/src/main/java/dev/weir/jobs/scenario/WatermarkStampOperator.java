package dev.weir.jobs.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;

/**
 * Right behind an interval join: appends {@code wm=W} to each {@code JOIN} line, W being the last watermark the
 * join forwarded. The join forwards a watermark once its timers at or below it have fired and emits pairs only
 * between watermarks, so that is the join's current watermark when it emitted the pair (MIN before the first).
 */
public final class WatermarkStampOperator implements OneInputOperator<String, String> {
    private Output<String> output;
    private long watermark = Long.MIN_VALUE;

    @Override
    public void open(final OperatorContext context, final Output<String> out) {
        this.output = out;
    }

    @Override
    public void processRecord(final String line, final long timestamp) {
        output.record(ScenarioLines.withWatermark(line, watermark), timestamp);
    }

    @Override
    public void processWatermark(final long newWatermark) {
        watermark = newWatermark;
        output.watermark(newWatermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
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
