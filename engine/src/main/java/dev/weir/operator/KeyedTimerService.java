package dev.weir.operator;

import dev.weir.state.VoidNamespace;

/**
 * The {@link TimerService} of a keyed operator: timers of the current key in the void namespace,
 * stored once per (time, key, namespace) by the engine's timer service.
 *
 * @param <K> the key type
 */
final class KeyedTimerService<K> implements TimerService {
    private static final Object NAMESPACE = VoidNamespace.INSTANCE;

    private final dev.weir.timer.TimerService<K, Object> timers;

    KeyedTimerService(final dev.weir.timer.TimerService<K, Object> timers) {
        this.timers = timers;
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
        timers.registerProcessingTimeTimer(NAMESPACE, time);
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        timers.registerEventTimeTimer(NAMESPACE, time);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        timers.deleteProcessingTimeTimer(NAMESPACE, time);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        timers.deleteEventTimeTimer(NAMESPACE, time);
    }
}
