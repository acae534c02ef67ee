package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.runtime.sink.Sink;
import java.util.function.ToLongFunction;

/**
 * The sink of a per-record pipeline: reports each record's arrival to {@link Arrivals#record(long)} with the intended
 * send time it carries. Thread-safe when built for several instances (they report under the arrivals' lock); with one
 * instance it takes no lock and allocates nothing.
 *
 * @param <T> the record type
 */
public final class RecordSink<T> implements Sink<T> {
    private final Arrivals arrivals;
    private final ToLongFunction<? super T> intendedNanos;
    private final boolean shared;

    /**
     * @param arrivals where to report
     * @param intendedNanos reads a record's intended send time
     * @param instances instances of the stage in front of the sink (more than 1: reports are serialized)
     */
    public RecordSink(final Arrivals arrivals, final ToLongFunction<? super T> intendedNanos, final int instances) {
        this.arrivals = arrivals;
        this.intendedNanos = intendedNanos;
        this.shared = instances > 1;
    }

    @Override
    public void accept(final T value, final long timestamp) {
        if (shared) {
            synchronized (arrivals) {
                arrivals.record(intendedNanos.applyAsLong(value));
            }
        } else {
            arrivals.record(intendedNanos.applyAsLong(value));
        }
    }
}
