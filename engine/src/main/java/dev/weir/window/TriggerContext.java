package dev.weir.window;

import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;

/** What a trigger may use: time, timers and per-window state, all for the current key and window. */
public interface TriggerContext {
    /** @return the processing time now */
    long currentProcessingTime();

    /** @return the operator's current watermark */
    long currentWatermark();

    /** @param time event time at which {@link Trigger#onEventTime} is called */
    void registerEventTimeTimer(long time);

    /** @param time processing time at which {@link Trigger#onProcessingTime} is called */
    void registerProcessingTimeTimer(long time);

    /** @param time a registered event-time timer to delete */
    void deleteEventTimeTimer(long time);

    /** @param time a registered processing-time timer to delete */
    void deleteProcessingTimeTimer(long time);

    /**
     * @param descriptor the state
     * @param <S> its type
     * @return the state, addressed to the current key and window
     */
    <S extends KeyedState> S partitionedState(StateDescriptor<S> descriptor);
}
