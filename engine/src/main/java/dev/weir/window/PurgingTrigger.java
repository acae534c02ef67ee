package dev.weir.window;

/**
 * Turns every FIRE of the trigger it wraps into FIRE_AND_PURGE.
 *
 * @param <T> the record type
 * @param <W> the window type
 */
public final class PurgingTrigger<T, W extends Window> implements Trigger<T, W> {
    private final Trigger<T, W> nested;

    private PurgingTrigger(final Trigger<T, W> nested) {
        this.nested = nested;
    }

    /**
     * @param nested the trigger to wrap
     * @param <T> the record type
     * @param <W> the window type
     * @return the purging trigger
     */
    public static <T, W extends Window> PurgingTrigger<T, W> of(final Trigger<T, W> nested) {
        return new PurgingTrigger<>(nested);
    }

    private static TriggerResult purging(final TriggerResult result) {
        return result.isFire() ? TriggerResult.FIRE_AND_PURGE : result;
    }

    @Override
    public TriggerResult onElement(final T element, final long timestamp, final W window, final TriggerContext ctx) {
        return purging(nested.onElement(element, timestamp, window, ctx));
    }

    @Override
    public TriggerResult onEventTime(final long time, final W window, final TriggerContext ctx) {
        return purging(nested.onEventTime(time, window, ctx));
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final W window, final TriggerContext ctx) {
        return purging(nested.onProcessingTime(time, window, ctx));
    }

    @Override
    public void clear(final W window, final TriggerContext ctx) {
        nested.clear(window, ctx);
    }

    @Override
    public boolean canMerge() {
        return nested.canMerge();
    }

    @Override
    public void onMerge(final W window, final OnMergeContext ctx) {
        nested.onMerge(window, ctx);
    }

    @Override
    public Class<?> windowType() {
        return nested.windowType();
    }

    @Override
    public String toString() {
        return "PurgingTrigger(" + nested + ")";
    }

    /** @return the trigger whose FIRE this one turns into FIRE_AND_PURGE */
    public Trigger<T, W> nested() {
        return nested;
    }
}
