package dev.weir.operator;

/**
 * The {@link TimerService} of a keyed operator: timers of the current key in one namespace (the
 * void namespace of a process function, the window of a window operator's trigger), stored once
 * per (time, key, namespace) by the engine's timer service. Not thread-safe.
 *
 * @param <K> the key type
 * @param <N> the namespace type
 */
public final class KeyedTimerService<K, N> implements TimerService {
    private final dev.weir.timer.TimerService<K, N> timers;
    private N namespace;

    /**
     * @param timers the engine's timers of the operator
     * @param namespace the namespace timers are registered in, until {@link #in} names another
     */
    public KeyedTimerService(final dev.weir.timer.TimerService<K, N> timers, final N namespace) {
        this.timers = timers;
        this.namespace = namespace;
    }

    /**
     * @param timerNamespace the namespace the next timers are registered in and deleted from
     * @return this view
     */
    public KeyedTimerService<K, N> in(final N timerNamespace) {
        this.namespace = timerNamespace;
        return this;
    }

    @Override
    public long currentProcessingTime() {
        return timers.currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return timers.currentWatermark();
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        timers.registerProcessingTimeTimer(namespace, time);
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        timers.registerEventTimeTimer(namespace, time);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        timers.deleteProcessingTimeTimer(namespace, time);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        timers.deleteEventTimeTimer(namespace, time);
    }
}
