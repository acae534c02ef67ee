package dev.weir.operator;

import dev.weir.clock.Clock;

/** The {@link TimerService} of a non-keyed operator: time reads, timers are refused as Flink refuses them. */
final class NonKeyedTimerService implements TimerService {
    private final Clock clock;
    private long currentWatermark = Long.MIN_VALUE;

    NonKeyedTimerService(final Clock clock) {
        this.clock = clock;
    }

    /** @param watermark the operator's new watermark */
    void advanceWatermark(final long watermark) {
        currentWatermark = watermark;
    }

    @Override
    public long currentProcessingTime() {
        return clock.millis();
    }

    @Override
    public long currentWatermark() {
        return currentWatermark;
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        throw new UnsupportedOperationException(UNSUPPORTED_REGISTER_TIMER_MSG);
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        throw new UnsupportedOperationException(UNSUPPORTED_REGISTER_TIMER_MSG);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        throw new UnsupportedOperationException(UNSUPPORTED_DELETE_TIMER_MSG);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        throw new UnsupportedOperationException(UNSUPPORTED_DELETE_TIMER_MSG);
    }
}
