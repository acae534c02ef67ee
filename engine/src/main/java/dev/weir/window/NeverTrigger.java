package dev.weir.window;

/**
 * Never fires: the global window's default, for use with a custom trigger in mind.
 *
 * @param <T> the record type
 */
public final class NeverTrigger<T> implements Trigger<T, GlobalWindow> {
    private NeverTrigger() {
    }

    /**
     * @param <T> the record type
     * @return a trigger that never fires
     */
    public static <T> NeverTrigger<T> create() {
        return new NeverTrigger<>();
    }

    @Override
    public TriggerResult onElement(final T element, final long timestamp, final GlobalWindow window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(final long time, final GlobalWindow window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final GlobalWindow window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(final GlobalWindow window, final TriggerContext ctx) {
        // no state, no timers
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(final GlobalWindow window, final OnMergeContext ctx) {
        // nothing to merge
    }

    @Override
    public String toString() {
        return "NeverTrigger()";
    }
}
