package dev.weir.runtime.task;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.TwoInputOperator;
import dev.weir.valve.CombinedWatermark;
import dev.weir.valve.ValveDiagnosis;
import dev.weir.valve.WatermarkValve;

/**
 * The input side of a two-input task (docs/semantics.md §7): each input merges its own channels
 * in its own {@link WatermarkValve}, and a {@link CombinedWatermark} combines the two valve
 * outputs. The operator gets the combined watermark whenever it rises, and so fires its event-time
 * timers at or below it (then forwards it); it gets IDLE only when both inputs are IDLE and
 * ACTIVE when that ends. When a status change raises the watermark (an input leaving IDLE with a
 * higher watermark, or an input going IDLE that held the minimum), the watermark comes first,
 * then the status, in Flink's order. Nothing is allocated per watermark or status. Not
 * thread-safe: owned by the task that reads both inputs.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 */
public final class TwoInputOperatorInput<IN1, IN2> {
    private final TwoInputOperator<IN1, IN2, ?> operator;
    private final CombinedWatermark combined = new CombinedWatermark();
    private final WatermarkValve valve1;
    private final WatermarkValve valve2;

    /**
     * @param operator the opened operator
     * @param channels1 channels of the first input
     * @param channels2 channels of the second input
     */
    public TwoInputOperatorInput(final TwoInputOperator<IN1, IN2, ?> operator, final int channels1, final int channels2) {
        this.operator = operator;
        this.valve1 = new WatermarkValve(channels1, new ValveOutput(1));
        this.valve2 = new WatermarkValve(channels2, new ValveOutput(2));
    }

    /** Where one input's valve emits: into the combination, and on to the operator. */
    private final class ValveOutput implements WatermarkSink {
        private final int input;

        ValveOutput(final int input) {
            this.input = input;
        }

        @Override
        public void watermark(final long watermark) {
            final int changes = combined.inputWatermark(input, watermark);
            // a valve sends no watermark while it is idle, so the status cannot change here; if a
            // caller did, the operator must hear ACTIVE before the watermark that ended the idleness
            forwardStatus(changes);
            forwardWatermark(changes);
        }

        @Override
        public void status(final WatermarkStatus status) {
            final int changes = combined.inputStatus(input, status);
            forwardWatermark(changes);
            forwardStatus(changes);
        }
    }

    private void forwardWatermark(final int changes) {
        if (CombinedWatermark.watermarkAdvanced(changes)) {
            operator.processWatermark(combined.combinedWatermark());
        }
    }

    private void forwardStatus(final int changes) {
        if (CombinedWatermark.statusChanged(changes)) {
            operator.processStatus(combined.isIdle() ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE);
        }
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

    /** @return the combination of both inputs' valve outputs, for metrics and diagnostics; the owning thread only */
    public CombinedWatermark combinedWatermark() {
        return combined;
    }

    /**
     * Diagnoses the two-input "windows never fire" case (docs/semantics.md §7): an input that has
     * never sent a watermark holds the operator at MIN while the other input moved on.
     *
     * @return a one-line explanation naming the input and the channel that holds it, or null when
     *     nothing is stalled that way; the owning thread only
     */
    public String stalledInput() {
        return ValveDiagnosis.stalledInput(combined, valve1, valve2);
    }
}
