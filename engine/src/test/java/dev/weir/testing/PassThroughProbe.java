package dev.weir.testing;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pass-through operator for pipeline tests that records what passes it: every status change,
 * and how often it is closed (to check that every task closes its operators however the
 * pipeline ends).
 *
 * @param <T> the record type
 */
public final class PassThroughProbe<T> implements OneInputOperator<T, T> {
    private final AtomicInteger closes;
    private final List<WatermarkStatus> statuses;
    private Output<T> output;

    private PassThroughProbe(final AtomicInteger closes, final List<WatermarkStatus> statuses) {
        this.closes = closes;
        this.statuses = statuses;
    }

    /**
     * @param closes incremented on each close
     * @param <T> the record type
     * @return a probe counting its closes
     */
    public static <T> PassThroughProbe<T> countingCloses(final AtomicInteger closes) {
        return new PassThroughProbe<>(closes, Collections.synchronizedList(new ArrayList<>()));
    }

    /**
     * @param statuses receives each status change (a synchronized list: the probe runs on a task thread)
     * @param <T> the record type
     * @return a probe recording status changes
     */
    public static <T> PassThroughProbe<T> recordingStatuses(final List<WatermarkStatus> statuses) {
        return new PassThroughProbe<>(new AtomicInteger(), statuses);
    }

    @Override
    public void open(final OperatorContext context, final Output<T> out) {
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
        statuses.add(status);
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
    public void close() {
        closes.incrementAndGet();
    }
}
