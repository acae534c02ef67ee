package dev.weir.runtime.task;

import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.InputMetrics;
import dev.weir.runtime.Counter;
import dev.weir.runtime.Gauge;
import dev.weir.valve.CombinedWatermark;
import java.util.List;

/**
 * Mirrors both inputs of a two-input task into gauges after every watermark or status it takes:
 * each input's watermark, idleness, whether it sent a watermark yet, the channel holding its
 * minimum, and which input holds the combined watermark, so that metrics on other threads can
 * tell which input (and channel) holds the task back. Updated by the task's thread only;
 * allocation-free.
 */
final class TwoInputProbe {
    private final TwoInputOperatorInput<?, ?> inputs;
    private final Gauge[] watermarks = {new Gauge(Long.MIN_VALUE), new Gauge(Long.MIN_VALUE)};
    private final Gauge[] idle = {new Gauge(0), new Gauge(0)};
    private final Gauge[] hasWatermark = {new Gauge(0), new Gauge(0)};
    private final Gauge[] minimumChannel = {new Gauge(-1), new Gauge(-1)};
    private final Gauge minimumInput = new Gauge(1);
    private final Counter[] recordsIn = {new Counter(), new Counter()};

    TwoInputProbe(final TwoInputOperatorInput<?, ?> inputs) {
        this.inputs = inputs;
        update();
    }

    /** Copies both inputs' state; the task's thread only. */
    void update() {
        final CombinedWatermark combined = inputs.combinedWatermark();
        for (int input = 1; input <= 2; input++) {
            watermarks[input - 1].set(combined.watermark(input));
            idle[input - 1].set(combined.isInputIdle(input) ? 1 : 0);
            hasWatermark[input - 1].set(combined.hasWatermark(input) ? 1 : 0);
            minimumChannel[input - 1].set(inputs.valve(input).minimumChannel());
        }
        minimumInput.set(combined.minimumInput());
    }

    /**
     * Counts a record taken from one input; the task's thread only.
     *
     * @param input 1 or 2
     */
    void recordIn(final int input) {
        recordsIn[input - 1].increment();
    }

    /** @return both inputs as last published; any thread */
    List<InputMetrics> snapshot() {
        final int holder = (int) minimumInput.get();
        return List.of(input(1, holder), input(2, holder));
    }

    private InputMetrics input(final int input, final int holder) {
        return new InputMetrics(input, watermarks[input - 1].get(), idle[input - 1].get() != 0 ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE,
                hasWatermark[input - 1].get() != 0, (int) minimumChannel[input - 1].get(), holder == input, recordsIn[input - 1].get());
    }
}
