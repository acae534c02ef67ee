package dev.weir.perf.harness;

/**
 * Makes the benchmark's input without allocating: it refills pre-allocated events in place. Called only on the
 * harness's generating thread. An event it returns may be refilled by a later call, so a pool must hold at least as
 * many events as the pipeline can have in flight (e.g. its ring capacity plus one).
 *
 * @param <E> the event type
 */
@FunctionalInterface
public interface EventFactory<E> {
    /**
     * @param index the event's index in the run, from 0 (warm-up included)
     * @param intendedNanos when the load intended to send it, on the harness's clock: the event must carry it so the
     *     sink can report it to {@link Arrivals#record(long)}
     * @return the refilled event
     */
    E next(long index, long intendedNanos);
}
