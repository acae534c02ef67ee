package dev.weir.flink.translation;

import dev.weir.operator.TimerService;

/**
 * Flink's timer service of the current call as Weir's {@link TimerService}: the same watermark,
 * processing time and timers of the current key, never the system clock. Pointed at each call's
 * ({@link #over}); not thread-safe.
 */
final class FlinkTimerService implements TimerService {
    private org.apache.flink.streaming.api.TimerService flink;

    /**
     * @param timers Flink's timer service of the call
     * @return this view
     */
    FlinkTimerService over(final org.apache.flink.streaming.api.TimerService timers) {
        this.flink = timers;
        return this;
    }

    @Override
    public long currentProcessingTime() {
        return flink.currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return flink.currentWatermark();
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        flink.registerProcessingTimeTimer(time);
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        flink.registerEventTimeTimer(time);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        flink.deleteProcessingTimeTimer(time);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        flink.deleteEventTimeTimer(time);
    }
}
