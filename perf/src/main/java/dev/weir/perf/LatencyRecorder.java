package dev.weir.perf;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Records each measured tick's latency, from its intended send time to now, in an
 * HdrHistogram (nanoseconds, 3 significant digits, up to a minute). Written by one consumer
 * thread; read only after that thread has ended (or been joined). Allocation-free per record.
 */
public final class LatencyRecorder {
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final NanoClock clock;
    private final Histogram histogram = new Histogram(1, HIGHEST_TRACKABLE_NANOS, 3);
    private long received;

    /** @param clock the clock the intended send times were taken on */
    public LatencyRecorder(final NanoClock clock) {
        this.clock = clock;
    }

    /** @param tick a tick that reached the end of the system under test */
    public void record(final Tick tick) {
        received++;
        if (tick.measured()) {
            final long latencyNanos = clock.nanoTime() - tick.intendedNanos();
            histogram.recordValue(Math.min(Math.max(latencyNanos, 1), HIGHEST_TRACKABLE_NANOS));
        }
    }

    /** @return the measured latencies in nanoseconds */
    public Histogram histogram() {
        return histogram;
    }

    /** @return ticks received, warm-up included */
    public long received() {
        return received;
    }
}
