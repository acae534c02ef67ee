package dev.weir.operator;

import dev.weir.clock.Clock;
import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.time.ChannelWatermarkOutput;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkStrategy;

/**
 * Assigns timestamps and watermarks mid-stream (Flink's {@code assignTimestampsAndWatermarks}
 * after a source): every record gets its timestamp from the strategy and feeds the generator;
 * periodic emission runs every interval of processing time. Upstream watermarks and status are
 * replaced, not combined: only the final MAX passes through (docs/semantics.md §1).
 *
 * @param <T> the record type
 */
public final class TimestampsAndWatermarksOperator<T> implements OneInputOperator<T, T> {
    private final WatermarkStrategy<T> strategy;
    private WatermarkGenerator<T> generator;
    private ChannelWatermarkOutput watermarkOutput;
    private Output<T> output;
    private Clock clock;
    private long nextEmissionMillis = Long.MAX_VALUE;

    /** @param strategy the timestamps and watermarks to assign */
    public TimestampsAndWatermarksOperator(final WatermarkStrategy<T> strategy) {
        this.strategy = strategy;
    }

    @Override
    public void open(final OperatorContext context, final Output<T> out) {
        this.output = out;
        this.clock = context.clock();
        this.generator = strategy.createGenerator(clock);
        this.watermarkOutput = new ChannelWatermarkOutput(new WatermarkSink() {
            @Override
            public void watermark(final long watermark) {
                out.watermark(watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
                out.status(status);
            }
        });
        if (strategy.intervalMillis() > 0) {
            nextEmissionMillis = clock.millis() + strategy.intervalMillis();
        }
    }

    @Override
    public void processRecord(final T value, final long timestamp) {
        final long assigned = strategy.timestampOf(value, timestamp);
        output.record(value, assigned);
        generator.onEvent(value, assigned, watermarkOutput);
    }

    @Override
    public void processWatermark(final long watermark) {
        // Upstream watermarks are replaced; only end of input (MAX) passes through.
        if (watermark == Long.MAX_VALUE && watermarkOutput.currentWatermark() != Long.MAX_VALUE) {
            watermarkOutput.emitWatermark(Long.MAX_VALUE);
        }
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        // Upstream status is replaced by this operator's own idleness.
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        if (nowMillis >= nextEmissionMillis) {
            generator.onPeriodicEmit(watermarkOutput);
            nextEmissionMillis = nowMillis + strategy.intervalMillis();
        }
    }

    @Override
    public long nextProcessingTime() {
        return nextEmissionMillis;
    }

    @Override
    public void endInput() {
        generator.onPeriodicEmit(watermarkOutput);
    }
}
