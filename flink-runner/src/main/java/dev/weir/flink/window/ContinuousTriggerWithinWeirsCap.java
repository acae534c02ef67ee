package dev.weir.flink.window;

import dev.weir.window.ContinuousEventTimeTrigger;
import java.time.Duration;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.api.windowing.windows.Window;

/**
 * Flink's own {@code ContinuousEventTimeTrigger}, call for call, that stops the job at the first periodic firing where
 * Weir's trigger would give other results: where one watermark passes
 * {@link ContinuousEventTimeTrigger#MAX_FIRINGS_PER_WATERMARK} or more periods of a window, Weir fires that window once
 * and Flink once per period (docs/semantics.md §4). The check is Weir's own test, made on the same fire time and
 * watermark, so a window, a merged session above all, is refused only when it really takes a step that large; every
 * other window fires exactly as on Weir. The failure is not retried: a restart would meet the same window.
 *
 * @param <W> Flink's window type
 */
final class ContinuousTriggerWithinWeirsCap<W extends Window> extends Trigger<Object, W> {
    private static final long serialVersionUID = 1L;

    private final org.apache.flink.streaming.api.windowing.triggers.ContinuousEventTimeTrigger<W> flink;
    private final long intervalMillis;

    /** @param intervalMillis event time between firings */
    ContinuousTriggerWithinWeirsCap(final long intervalMillis) {
        this.flink = org.apache.flink.streaming.api.windowing.triggers.ContinuousEventTimeTrigger.of(Duration.ofMillis(intervalMillis));
        this.intervalMillis = intervalMillis;
    }

    @Override
    public TriggerResult onElement(final Object element, final long timestamp, final W window, final TriggerContext ctx) throws Exception {
        return flink.onElement(element, timestamp, window, ctx);
    }

    @Override
    public TriggerResult onEventTime(final long time, final W window, final TriggerContext ctx) throws Exception {
        final TriggerResult result = flink.onEventTime(time, window, ctx);
        if (result.isFire() && time != window.maxTimestamp()) {
            // a periodic firing: Weir's trigger counts the periods left up to the watermark, or the window's end
            final long due = Math.min(ctx.getCurrentWatermark(), window.maxTimestamp());
            final long span = due - time;
            if (span < 0 || span / intervalMillis >= ContinuousEventTimeTrigger.MAX_FIRINGS_PER_WATERMARK) {
                throw new SuppressRestartsException(new IllegalStateException(beyondCap(window, ctx.getCurrentWatermark(), span)));
            }
        }
        return result;
    }

    /** Why the job stops: the window, the watermark and how many fire times it passes in the window at once. */
    private String beyondCap(final W window, final long watermark, final long span) {
        final String range = window instanceof TimeWindow ? "[" + ((TimeWindow) window).getStart() + "," + ((TimeWindow) window).getEnd() + ")"
                : window.toString();
        final String fireTimes = span < 0 ? "more than " + Long.MAX_VALUE / intervalMillis : Long.toString(span / intervalMillis + 1);
        return "the window " + range + " of " + this + ": the watermark " + (watermark == Long.MAX_VALUE ? "MAX" : Long.toString(watermark))
                + " passes " + fireTimes + " of its fire times at once, more than the " + ContinuousEventTimeTrigger.MAX_FIRINGS_PER_WATERMARK
                + " Weir fires for one watermark: Weir fires the window once, Flink once per period, so the job stops here on Flink";
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final W window, final TriggerContext ctx) throws Exception {
        return flink.onProcessingTime(time, window, ctx);
    }

    @Override
    public void clear(final W window, final TriggerContext ctx) throws Exception {
        flink.clear(window, ctx);
    }

    @Override
    public boolean canMerge() {
        return flink.canMerge();
    }

    @Override
    public void onMerge(final W window, final OnMergeContext ctx) throws Exception {
        flink.onMerge(window, ctx);
    }

    @Override
    public String toString() {
        return "ContinuousEventTimeTrigger(" + intervalMillis + ")";
    }
}
