package dev.weir.window;

/**
 * Decides when a window emits (docs/semantics.md §4). A trigger holds no fields per window: it
 * keeps what it needs in partitioned state and timers through the context, and removes
 * both in {@link #clear}.
 *
 * @param <T> the record type
 * @param <W> the window type
 */
public interface Trigger<T, W extends Window> {
    /**
     * @param element the record added to the window
     * @param timestamp its event time
     * @param window the window
     * @param ctx timers and state
     * @return what to do with the window
     */
    TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx);

    /**
     * @param time the event-time timer that fired
     * @param window the window
     * @param ctx timers and state
     * @return what to do with the window
     */
    TriggerResult onEventTime(long time, W window, TriggerContext ctx);

    /**
     * @param time the processing-time timer that fired
     * @param window the window
     * @param ctx timers and state
     * @return what to do with the window
     */
    TriggerResult onProcessingTime(long time, W window, TriggerContext ctx);

    /**
     * Removes the trigger's timers and state of a window being purged for good.
     *
     * @param window the window
     * @param ctx timers and state
     */
    void clear(W window, TriggerContext ctx);

    /** @return true if the trigger supports merging windows */
    default boolean canMerge() {
        return false;
    }

    /**
     * Called when windows merged into {@code window}; re-register timers and merge state here.
     *
     * @param window the merged window
     * @param ctx timers, state, and state merging
     */
    default void onMerge(final W window, final OnMergeContext ctx) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support merging windows");
    }

    /**
     * @return the window class this trigger needs; the operator rejects an assigner whose
     *     windows are not of it (e.g. a time trigger on the global window)
     */
    default Class<?> windowType() {
        return Window.class;
    }
}
