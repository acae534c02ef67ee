package dev.weir.testing;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A pass-through operator for pipeline tests that records what passes it: every status change
 * (which a sink does not see), the processing time its chain sees at end of input, and how often
 * it is closed (to check that every task closes its operators however the pipeline ends).
 *
 * @param <T> the record type
 */
public final class PassThroughProbe<T> implements OneInputOperator<T, T> {
    private final AtomicInteger closes;
    private final Consumer<WatermarkStatus> statuses;
    private final Consumer<String> endOfInput;
    private OperatorContext context;
    private Output<T> output;

    private PassThroughProbe(final AtomicInteger closes, final Consumer<WatermarkStatus> statuses, final Consumer<String> endOfInput) {
        this.closes = closes;
        this.statuses = statuses;
        this.endOfInput = endOfInput;
    }

    /**
     * @param closes incremented on each close
     * @param <T> the record type
     * @return a probe counting its closes
     */
    public static <T> PassThroughProbe<T> countingCloses(final AtomicInteger closes) {
        final List<WatermarkStatus> ignored = Collections.synchronizedList(new ArrayList<>());
        return new PassThroughProbe<>(closes, ignored::add, line -> { });
    }

    /**
     * @param statuses receives each status change (a synchronized list: the probe runs on a task thread)
     * @param <T> the record type
     * @return a probe recording status changes
     */
    public static <T> PassThroughProbe<T> recordingStatuses(final List<WatermarkStatus> statuses) {
        return new PassThroughProbe<>(new AtomicInteger(), statuses::add, line -> { });
    }

    /**
     * For a sink's event log: the sink sees records and watermarks, the probe adds what a sink
     * does not see, in order with them (same chain, same thread).
     *
     * @param events receives {@code STATUS IDLE|ACTIVE} on each status change and
     *     {@code END pt=<processing time>} at end of input
     * @param <T> the record type
     * @return a probe reporting status changes and end of input
     */
    public static <T> PassThroughProbe<T> reporting(final Consumer<String> events) {
        return new PassThroughProbe<>(new AtomicInteger(), status -> events.accept("STATUS " + status),
                events);
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<T> out) {
        this.context = operatorContext;
        this.output = out;
    }

    @Override
    public void processRecord(final T value, final long timestamp) {
        output.record(value, timestamp);
    }

    @Override
    public void processWatermark(final long watermark) {
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        statuses.accept(status);
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }

    @Override
    public void endInput() {
        endOfInput.accept("END pt=" + Watermarks.format(context.clock().millis()));
    }

    @Override
    public void close() {
        closes.incrementAndGet();
    }
}
