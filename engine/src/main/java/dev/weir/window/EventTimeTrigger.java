package dev.weir.window;

/**
 * Fires when the watermark passes the window's end (docs/semantics.md §4): onElement fires at
 * once if {@code maxTimestamp <= watermark} (how accepted late data re-fires), else sets a
 * timer at maxTimestamp. It fires and never purges: cleanup removes the state.
 *
 * @param <T> the record type
 */
public final class EventTimeTrigger<T> implements Trigger<T, TimeWindow> {
    private EventTimeTrigger() {
    }

    /**
     * @param <T> the record type
     * @return an event-time trigger
     */
    public static <T> EventTimeTrigger<T> create() {
        return new EventTimeTrigger<>();
    }

    @Override
    public TriggerResult onElement(final T element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
        if (window.maxTimestamp() <= ctx.currentWatermark()) {
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
        return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(final TimeWindow window, final TriggerContext ctx) {
        ctx.deleteEventTimeTimer(window.maxTimestamp());
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(final TimeWindow window, final OnMergeContext ctx) {
        // Only re-register if the watermark has not passed the window: a timer at or below
        // the watermark would fire on the next watermark, emitting a window that is done.
        if (window.maxTimestamp() > ctx.currentWatermark()) {
            ctx.registerEventTimeTimer(window.maxTimestamp());
        }
    }

    @Override
    public Class<?> windowType() {
        return TimeWindow.class;
    }

    @Override
    public String toString() {
        return "EventTimeTrigger()";
    }
}
