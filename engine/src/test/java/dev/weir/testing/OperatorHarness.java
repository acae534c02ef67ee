package dev.weir.testing;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.valve.WatermarkValve;
import java.util.List;

/**
 * Drives one operator instance by hand, in the style of Flink's operator test harnesses:
 * push records, watermarks, status and processing time, then assert the exact output
 * sequence. No threads, no sleeps.
 *
 * <p>Output events are recorded as strings: {@code value@timestamp} for records,
 * {@code WM n} for watermarks, {@code STATUS IDLE|ACTIVE}, and {@code SIDE tag value@timestamp}
 * for side outputs.
 *
 * @param <IN> the input type
 * @param <OUT> the output type
 */
public final class OperatorHarness<IN, OUT> {
    private final VirtualClock clock = new VirtualClock(0);
    private final OneInputOperator<IN, OUT> operator;
    /** The operator's input: watermarks and status per channel go through the valve first (docs/semantics.md §2). */
    private final WatermarkValve valve;
    private final RecordedOutput<OUT> output = new RecordedOutput<>();

    /**
     * @param factory makes the operator
     * @param channels input channels behind the valve
     */
    public OperatorHarness(final OperatorFactory<IN, OUT> factory, final int channels) {
        this.operator = factory.create();
        operator.open(new OperatorContext("test", clock, 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE),
                output);
        this.valve = new WatermarkValve(channels, new WatermarkSink() {
            @Override
            public void watermark(final long watermark) {
                operator.processWatermark(watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
                operator.processStatus(status);
            }
        });
    }

    /** @param factory makes the operator, with one input channel */
    public OperatorHarness(final OperatorFactory<IN, OUT> factory) {
        this(factory, 1);
    }

    /**
     * @param value a record
     * @param timestamp its event time
     */
    public void processElement(final IN value, final long timestamp) {
        operator.processRecord(value, timestamp);
    }

    /** @param watermark a watermark on channel 0 */
    public void processWatermark(final long watermark) {
        valve.inputWatermark(watermark, 0);
    }

    /**
     * @param channel the input channel
     * @param watermark a watermark on it
     */
    public void processWatermark(final int channel, final long watermark) {
        valve.inputWatermark(watermark, channel);
    }

    /**
     * @param channel the input channel
     * @param status its new status
     */
    public void processStatus(final int channel, final WatermarkStatus status) {
        valve.inputStatus(status, channel);
    }

    /**
     * Moves processing time and fires the timers due.
     *
     * @param millis the new processing time
     */
    public void setProcessingTime(final long millis) {
        clock.advanceTo(millis);
        operator.advanceProcessingTime(millis);
    }

    /** @return every output event so far, in order */
    public List<String> events() {
        return output.events();
    }

    /** @return the main output's records so far */
    public List<OUT> records() {
        return output.records();
    }

    /** @return every side-output record so far */
    public List<Object> sideRecords() {
        return output.sideRecords();
    }

    /** Forgets the output so far. */
    public void clearOutput() {
        output.clear();
    }

    /** @return the operator under test */
    public OneInputOperator<IN, OUT> operator() {
        return operator;
    }

    /** @return the harness clock */
    public VirtualClock clock() {
        return clock;
    }
}
