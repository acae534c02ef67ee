package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.runtime.sink.Sink;

/**
 * The sink of a windowed pipeline: reports each window result to {@link Arrivals#recordWindowResult(long)} with the
 * timestamp it arrives with, which for a time window is the window's last millisecond ({@code end - 1}). Thread-safe
 * when built for several instances (they report under the arrivals' lock); with one instance it takes no lock and
 * allocates nothing.
 *
 * @param <T> the result type
 */
public final class WindowResultSink<T> implements Sink<T> {
    private final Arrivals arrivals;
    private final boolean shared;

    /**
     * @param arrivals where to report
     * @param instances instances of the stage in front of the sink (more than 1: reports are serialized)
     */
    public WindowResultSink(final Arrivals arrivals, final int instances) {
        this.arrivals = arrivals;
        this.shared = instances > 1;
    }

    @Override
    public void accept(final T value, final long windowMaxTimestamp) {
        if (shared) {
            synchronized (arrivals) {
                arrivals.recordWindowResult(windowMaxTimestamp);
            }
        } else {
            arrivals.recordWindowResult(windowMaxTimestamp);
        }
    }
}
