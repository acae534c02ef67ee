package dev.weir.window;

/**
 * Fires when processing time reaches the window's maxTimestamp.
 *
 * @param <T> the record type
 */
public final class ProcessingTimeTrigger<T> implements Trigger<T, TimeWindow> {
    private ProcessingTimeTrigger() {
    }

    /**
     * @param <T> the record type
     * @return a processing-time trigger
     */
    public static <T> ProcessingTimeTrigger<T> create() {
        return new ProcessingTimeTrigger<>();
    }

    @Override
    public TriggerResult onElement(final T element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
        ctx.registerProcessingTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
        return TriggerResult.FIRE;
    }

    @Override
    public void clear(final TimeWindow window, final TriggerContext ctx) {
        ctx.deleteProcessingTimeTimer(window.maxTimestamp());
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(final TimeWindow window, final OnMergeContext ctx) {
        if (window.maxTimestamp() > ctx.currentProcessingTime()) {
            ctx.registerProcessingTimeTimer(window.maxTimestamp());
        }
    }

    @Override
    public Class<?> windowType() {
        return TimeWindow.class;
    }

    @Override
    public String toString() {
        return "ProcessingTimeTrigger()";
    }
}
