package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import java.util.function.Function;

/**
 * A stateless one-to-one transformation, fused into its upstream task.
 *
 * @param <IN> the input type
 * @param <OUT> the output type
 */
public final class MapOperator<IN, OUT> implements OneInputOperator<IN, OUT> {
    private final Function<? super IN, ? extends OUT> mapper;
    private Output<OUT> output;

    /** @param mapper the transformation */
    public MapOperator(final Function<? super IN, ? extends OUT> mapper) {
        this.mapper = mapper;
    }

    @Override
    public void open(final OperatorContext context, final Output<OUT> out) {
        this.output = out;
    }

    @Override
    public void processRecord(final IN value, final long timestamp) {
        output.record(mapper.apply(value), timestamp);
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
}
