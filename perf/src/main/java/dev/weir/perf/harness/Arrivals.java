package dev.weir.perf.harness;

import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemClock;
import dev.weir.time.WatermarkStrategy;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Where a benchmarked pipeline's sink reports its results; records each measured result's latency, in nanoseconds,
 * from the intended send time of the event it is attributed to (coordinated-omission-correct: a stall counts against
 * every event it delayed, not only the one it hit) to its arrival here.
 *
 * <ul>
 *   <li>Per-record pipelines (pass-through, map, filter) call {@link #record(long)} with the intended time their event
 *       carries.</li>
 *   <li>Windowed pipelines build their source with {@link #attributed} and call {@link #recordWindowResult(long)}:
 *       a window result is attributed to the event whose watermark fired it.</li>
 * </ul>
 *
 * <p>Results of events intended before the measured part (warm-up) are counted but not recorded. The record methods
 * are called from the sink's single thread and allocate nothing; read the histogram only after the pipeline finished.
 */
public final class Arrivals {
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final int WATERMARK_LOG_CAPACITY = 1 << 16;

    private final NanoClock clock;
    private final Histogram histogram = new Histogram(1, HIGHEST_TRACKABLE_NANOS, 3);
    private final WatermarkOrigins origins = new WatermarkOrigins(WATERMARK_LOG_CAPACITY);
    private volatile long measuredFromNanos = Long.MAX_VALUE;
    private long received;
    private long unattributed;

    /** @param clock the clock the intended send times are taken on */
    public Arrivals(final NanoClock clock) {
        this.clock = clock;
    }

    /**
     * Starts the measured part: results of events intended at or after this time are recorded. Called by the harness.
     *
     * @param intendedNanos the first measured event's intended send time
     */
    public void measureFrom(final long intendedNanos) {
        measuredFromNanos = intendedNanos;
    }

    /**
     * A result reached the sink now.
     *
     * @param intendedNanos the intended send time of the event it is attributed to
     */
    public void record(final long intendedNanos) {
        received++;
        if (intendedNanos >= measuredFromNanos) {
            final long latencyNanos = clock.nanos() - intendedNanos;
            histogram.recordValue(Math.min(Math.max(latencyNanos, 1), HIGHEST_TRACKABLE_NANOS));
        }
    }

    /**
     * A window result reached the sink now: its latency runs from the intended send time of the event after which
     * the source emitted the first watermark at or past the window's last timestamp (the watermark that fired it).
     *
     * A result that cannot be attributed is counted in {@link #unattributed()} and not recorded: one fired by the end
     * of the input (not by a watermark of an {@link #attributed} source), or one whose firing watermark was logged
     * more than 65,536 watermarks before the newest.
     *
     * @param windowMaxTimestamp the window's last event time in milliseconds ({@code end - 1} for a time window)
     */
    public void recordWindowResult(final long windowMaxTimestamp) {
        final long intendedNanos = origins.intendedNanosOfFiring(windowMaxTimestamp);
        if (intendedNanos == WatermarkOrigins.UNKNOWN) {
            received++;
            unattributed++;
        } else {
            record(intendedNanos);
        }
    }

    /**
     * Wraps a source's watermark strategy so that every watermark it emits is logged with the intended send time of
     * the event after which it was emitted; needed for {@link #recordWindowResult(long)}. Use it for one source only.
     *
     * @param strategy the source's strategy (timestamp assigner, periodic interval and idleness are kept)
     * @param intendedNanos reads an event's intended send time
     * @param <T> the event type
     * @return the strategy to build the source with
     */
    public <T> WatermarkStrategy<T> attributed(final WatermarkStrategy<T> strategy, final ToLongFunction<T> intendedNanos) {
        // forGenerator hands the supplier no clock: idleness, if the strategy has it, runs on the system clock
        final WatermarkStrategy<T> wrapped = WatermarkStrategy.<T>forGenerator(
                () -> new AttributedWatermarks<>(strategy.createGenerator(SystemClock.INSTANCE), intendedNanos, origins))
                .withPeriodicInterval(strategy.intervalMillis());
        return wrapped.withTimestampAssigner(strategy::timestampOf);
    }

    /**
     * Logs a watermark a source emitted, for {@link #recordWindowResult(long)}: for an engine whose own watermark
     * generator cannot be wrapped by {@link #attributed} (Flink's), called from that generator's single thread before
     * the watermark goes downstream. Allocation-free.
     *
     * @param watermark the watermark, greater than every one logged before
     * @param intendedNanos the intended send time of the last event the source emitted before it
     */
    public void watermarkEmitted(final long watermark, final long intendedNanos) {
        origins.log(watermark, intendedNanos);
    }

    /** @return the recorded latencies in nanoseconds; read after the pipeline finished */
    public Histogram histogram() {
        return histogram;
    }

    /** @return window results reported whose firing watermark was unknown, so not recorded */
    public long unattributed() {
        return unattributed;
    }

    /** @return results reported, warm-up included */
    public long received() {
        return received;
    }
}
