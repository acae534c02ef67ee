package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import java.util.function.BiConsumer;

/**
 * A stateless one-to-many transformation (filters are flat maps that emit zero or one),
 * fused into its upstream task. Results keep the input record's timestamp.
 *
 * @param <IN> the input type
 * @param <OUT> the output type
 */
public final class FlatMapOperator<IN, OUT> implements OneInputOperator<IN, OUT> {
    private final BiConsumer<? super IN, Collector<OUT>> function;
    private final StampingCollector collector = new StampingCollector();
    private Output<OUT> output;

    /** @param function emits zero or more results per record */
    public FlatMapOperator(final BiConsumer<? super IN, Collector<OUT>> function) {
        this.function = function;
    }

    @Override
    public void open(final OperatorContext context, final Output<OUT> out) {
        this.output = out;
    }

    @Override
    public void processRecord(final IN value, final long timestamp) {
        collector.timestamp = timestamp;
        function.accept(value, collector);
    }

    @Override
    public void processWatermark(final long watermark) {
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        // stateless
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }

    private final class StampingCollector implements Collector<OUT> {
        private long timestamp;

        @Override
        public void collect(final OUT value) {
            output.record(value, timestamp);
        }
    }
}
