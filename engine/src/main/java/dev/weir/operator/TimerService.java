package dev.weir.operator;

/**
 * Time and timers as a user function sees them, as Flink's {@code TimerService}: the current
 * processing time and watermark, and (on keyed streams only) timers of the current key. Not the
 * engine's {@link dev.weir.timer.TimerService}, which stores the timers behind this view.
 */
public interface TimerService {
    /** The message of a timer registered on a non-keyed stream, Flink's. */
    String UNSUPPORTED_REGISTER_TIMER_MSG = "Setting timers is only supported on a keyed streams.";
    /** The message of a timer deleted on a non-keyed stream, Flink's. */
    String UNSUPPORTED_DELETE_TIMER_MSG = "Deleting timers is only supported on a keyed streams.";

    /** @return the processing time now, from the pipeline's clock */
    long currentProcessingTime();

    /** @return the operator's current watermark (MIN before the first) */
    long currentWatermark();

    /** @param time processing time at which {@code onTimer} is called for the current key */
    void registerProcessingTimeTimer(long time);

    /** @param time event time at which {@code onTimer} is called for the current key, once a watermark reaches it */
    void registerEventTimeTimer(long time);

    /** @param time a processing-time timer of the current key to delete; none there is ignored */
    void deleteProcessingTimeTimer(long time);

    /** @param time an event-time timer of the current key to delete; none there is ignored */
    void deleteEventTimeTimer(long time);
}
