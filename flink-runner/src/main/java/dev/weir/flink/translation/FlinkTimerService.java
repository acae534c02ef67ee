package dev.weir.flink.translation;

import dev.weir.operator.TimerService;

/**
 * Flink's timer service of the current call as Weir's {@link TimerService}: the same watermark,
 * processing time and timers of the current key, never the system clock. Pointed at each call's
 * ({@link #over}); not thread-safe. The one forwarding of the Weir contexts on Flink
 * ({@link FlinkProcessContext}, {@link KeyedTwoInputContext}): a call without keyed state has
 * its time but no timers, refused with Weir's messages.
 */
final class FlinkTimerService implements TimerService {
    private final boolean keyed;
    private org.apache.flink.streaming.api.TimerService flink;

    /** The timer service of a keyed call: the timers of the current key. */
    FlinkTimerService() {
        this(true);
    }

    /** @param keyed whether the call has keyed state, and so timers; without, registering or deleting one is refused */
    FlinkTimerService(final boolean keyed) {
        this.keyed = keyed;
    }

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
        refuseWithoutKey(UNSUPPORTED_REGISTER_TIMER_MSG);
        flink.registerProcessingTimeTimer(time);
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        refuseWithoutKey(UNSUPPORTED_REGISTER_TIMER_MSG);
        flink.registerEventTimeTimer(time);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        refuseWithoutKey(UNSUPPORTED_DELETE_TIMER_MSG);
        flink.deleteProcessingTimeTimer(time);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        refuseWithoutKey(UNSUPPORTED_DELETE_TIMER_MSG);
        flink.deleteEventTimeTimer(time);
    }

    private void refuseWithoutKey(final String refusal) {
        if (!keyed) {
            throw new UnsupportedOperationException(refusal);
        }
    }
}
