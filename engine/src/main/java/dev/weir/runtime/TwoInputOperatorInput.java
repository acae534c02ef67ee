package dev.weir.runtime;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.TwoInputOperator;
import dev.weir.time.ChannelWatermarkOutput;
import dev.weir.time.SplitWatermarkMultiplexer;
import dev.weir.time.WatermarkOutput;
import dev.weir.valve.WatermarkValve;

/**
 * A two-input operator behind one valve per input: each valve's output is one part of a
 * combined watermark (minimum over the non-idle inputs, forwarded only when it rises), so
 * the operator's watermark is the minimum of both inputs' combined watermarks (docs/semantics.md §2).
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 */
public final class TwoInputOperatorInput<IN1, IN2> {
    private final TwoInputOperator<IN1, IN2, ?> operator;
    private final WatermarkValve valve1;
    private final WatermarkValve valve2;

    /**
     * @param operator the opened operator
     * @param channels1 channels of the first input
     * @param channels2 channels of the second input
     */
    public TwoInputOperatorInput(final TwoInputOperator<IN1, IN2, ?> operator, final int channels1, final int channels2) {
        this.operator = operator;
        final SplitWatermarkMultiplexer combined = new SplitWatermarkMultiplexer(new ChannelWatermarkOutput(new WatermarkSink() {
            @Override
            public void watermark(final long watermark) {
                operator.processWatermark(watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
                operator.processStatus(status);
            }
        }));
        this.valve1 = new WatermarkValve(channels1, sinkOf(combined.addSplit()));
        this.valve2 = new WatermarkValve(channels2, sinkOf(combined.addSplit()));
    }

    private static WatermarkSink sinkOf(final WatermarkOutput part) {
        return new WatermarkSink() {
            @Override
            public void watermark(final long watermark) {
                part.emitWatermark(watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
                if (status.isIdle()) {
                    part.markIdle();
                } else {
                    part.markActive();
                }
            }
        };
    }

    /**
     * @param value a record of the first input
     * @param timestamp its event time
     */
    public void record1(final IN1 value, final long timestamp) {
        operator.processRecord1(value, timestamp);
    }

    /**
     * @param value a record of the second input
     * @param timestamp its event time
     */
    public void record2(final IN2 value, final long timestamp) {
        operator.processRecord2(value, timestamp);
    }

    /**
     * @param input 1 or 2
     * @param channel the channel of that input
     * @param watermark the channel's watermark
     */
    public void watermark(final int input, final int channel, final long watermark) {
        valve(input).inputWatermark(watermark, channel);
    }

    /**
     * @param input 1 or 2
     * @param channel the channel of that input
     * @param status the channel's status
     */
    public void status(final int input, final int channel, final WatermarkStatus status) {
        valve(input).inputStatus(status, channel);
    }

    /**
     * @param input 1 or 2
     * @return that input's valve
     */
    public WatermarkValve valve(final int input) {
        if (input != 1 && input != 2) {
            throw new IllegalArgumentException("a two-input operator has inputs 1 and 2, not " + input);
        }
        return input == 1 ? valve1 : valve2;
    }
}
