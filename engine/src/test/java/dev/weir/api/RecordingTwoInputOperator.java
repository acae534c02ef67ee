package dev.weir.api;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;

/**
 * A two-input operator for tests: emits {@code "1:<value>"} or {@code "2:<value>"} for each record
 * (with the key, {@code "1:<value>@<key>"}, for keyed records), {@code "wm <w>"} for each combined
 * watermark and {@code "status <s>"} for each combined status, and forwards watermark and status.
 */
final class RecordingTwoInputOperator implements TwoInputOperator<Object, Object, String> {
    private Output<String> output;
    private String instance;

    @Override
    public void open(final OperatorContext context, final Output<String> out) {
        this.output = out;
        this.instance = context.parallelism() == 1 ? "" : " #" + context.instance();
    }

    @Override
    public void processRecord1(final Object value, final long timestamp) {
        output.record("1:" + value + instance, timestamp);
    }

    @Override
    public void processRecord2(final Object value, final long timestamp) {
        output.record("2:" + value + instance, timestamp);
    }

    @Override
    public void processKeyedRecord1(final Object value, final long timestamp, final Object key, final int keyGroup) {
        output.record("1:" + value + "@" + key + instance, timestamp);
    }

    @Override
    public void processKeyedRecord2(final Object value, final long timestamp, final Object key, final int keyGroup) {
        output.record("2:" + value + "@" + key + instance, timestamp);
    }

    @Override
    public void processWatermark(final long watermark) {
        output.record("wm " + (watermark == Long.MAX_VALUE ? "MAX" : String.valueOf(watermark)) + instance, watermark);
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.record("status " + status + instance, Long.MIN_VALUE);
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }
}
