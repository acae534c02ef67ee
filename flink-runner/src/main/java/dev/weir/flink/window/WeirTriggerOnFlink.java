package dev.weir.flink.window;

import dev.weir.window.Window;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;

/**
 * A Weir {@link dev.weir.window.Trigger} as Flink's, call for call: each call gets Flink's window as
 * Weir's ({@link WeirWindowOf}) and a Weir trigger context over Flink's ({@link WeirTriggerContext}:
 * Flink's timers, watermark, processing time and partitioned state), and Weir's result is Flink's
 * result of the same name. The user's trigger is shipped as it is. Not thread-safe: Flink calls
 * one instance from one task thread.
 *
 * @param <W> Flink's window type
 */
final class WeirTriggerOnFlink<W extends org.apache.flink.streaming.api.windowing.windows.Window> extends Trigger<Object, W> {
    private static final long serialVersionUID = 1L;

    private final dev.weir.window.Trigger<Object, Window> trigger;
    private transient WeirWindowOf windows;
    private transient WeirTriggerContext context;

    @SuppressWarnings("unchecked")
    WeirTriggerOnFlink(final dev.weir.window.Trigger<?, ?> trigger) {
        this.trigger = (dev.weir.window.Trigger<Object, Window>) trigger;
    }

    @Override
    public TriggerResult onElement(final Object element, final long timestamp, final W window, final TriggerContext ctx) {
        return flink(trigger.onElement(element, timestamp, weir(window), context(ctx)));
    }

    @Override
    public TriggerResult onEventTime(final long time, final W window, final TriggerContext ctx) {
        return flink(trigger.onEventTime(time, weir(window), context(ctx)));
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final W window, final TriggerContext ctx) {
        return flink(trigger.onProcessingTime(time, weir(window), context(ctx)));
    }

    @Override
    public void clear(final W window, final TriggerContext ctx) {
        trigger.clear(weir(window), context(ctx));
    }

    @Override
    public boolean canMerge() {
        return trigger.canMerge();
    }

    @Override
    public void onMerge(final W window, final OnMergeContext ctx) {
        trigger.onMerge(weir(window), context(ctx));
    }

    @Override
    public String toString() {
        return trigger.toString();
    }

    private Window weir(final W window) {
        if (windows == null) {
            windows = new WeirWindowOf();
        }
        return windows.of(window);
    }

    private WeirTriggerContext context(final TriggerContext ctx) {
        if (context == null) {
            context = new WeirTriggerContext();
        }
        return context.over(ctx);
    }

    private static TriggerResult flink(final dev.weir.window.TriggerResult result) {
        switch (result) {
            case FIRE:
                return TriggerResult.FIRE;
            case PURGE:
                return TriggerResult.PURGE;
            case FIRE_AND_PURGE:
                return TriggerResult.FIRE_AND_PURGE;
            case CONTINUE:
            default:
                return TriggerResult.CONTINUE;
        }
    }
}
