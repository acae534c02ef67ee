package dev.weir.operator;

/**
 * A function's context whose time reads and timer calls all go to one {@link TimerService}: the
 * forwarding the keyed process and window contexts (and the Flink runner's) share, written once.
 * A subclass names the timer service of the current call and adds the rest of its context
 * (key, timestamp, state, side outputs).
 */
public abstract class TimerForwardingContext implements TimerService {
    /** @return the timer service of the current call: its key's (and window's) timers, the operator's watermark */
    protected abstract TimerService timerService();

    @Override
    public long currentProcessingTime() {
        return timerService().currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return timerService().currentWatermark();
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        timerService().registerProcessingTimeTimer(time);
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        timerService().registerEventTimeTimer(time);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        timerService().deleteProcessingTimeTimer(time);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        timerService().deleteEventTimeTimer(time);
    }
}
