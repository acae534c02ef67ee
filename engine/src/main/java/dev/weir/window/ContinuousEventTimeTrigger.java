package dev.weir.window;

import dev.weir.state.LongReductions;
import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.time.Timestamps;

/**
 * Fires every {@code interval} of event time within a window, and at the window's end
 * (docs/semantics.md §4), on time windows and on the global window. The next firing time lives
 * in partitioned state (the minimum wins when windows merge).
 *
 * <p>One watermark fires every interval it passes, as in Flink, up to
 * {@link #MAX_FIRINGS_PER_WATERMARK} firings. A step that would fire more (end of input on the
 * global window, whose end is the end of time; a huge window or watermark jump) fires once
 * instead: at the window's end if the watermark reached it, else now, the next firing being
 * the first interval after the watermark. Without this a single watermark would do work
 * without bound.
 *
 * @param <T> the record type
 */
public final class ContinuousEventTimeTrigger<T> implements Trigger<T, Window> {
    /** The most periodic firings one watermark may cause; beyond it they collapse into one. */
    public static final long MAX_FIRINGS_PER_WATERMARK = 100_000;

    private final long intervalMillis;
    private final ReducingStateDescriptor<Long> fireTimeDescriptor = new ReducingStateDescriptor<>("fire-time", LongReductions.MIN);

    private ContinuousEventTimeTrigger(final long intervalMillis) {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("continuous trigger needs a positive interval, got " + intervalMillis);
        }
        this.intervalMillis = intervalMillis;
    }

    /**
     * @param intervalMillis event time between firings
     * @param <T> the record type
     * @return a continuous event-time trigger
     */
    public static <T> ContinuousEventTimeTrigger<T> of(final long intervalMillis) {
        return new ContinuousEventTimeTrigger<>(intervalMillis);
    }

    @Override
    public TriggerResult onElement(final T element, final long timestamp, final Window window, final TriggerContext ctx) {
        if (window.maxTimestamp() <= ctx.currentWatermark()) {
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        final ReducingState<Long> fireTime = ctx.partitionedState(fireTimeDescriptor);
        if (fireTime.get() == null) {
            registerNextFireTime(timestamp - (timestamp % intervalMillis), window, ctx, fireTime);
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(final long time, final Window window, final TriggerContext ctx) {
        if (time == window.maxTimestamp()) {
            return TriggerResult.FIRE;
        }
        final ReducingState<Long> fireTime = ctx.partitionedState(fireTimeDescriptor);
        final Long next = fireTime.get();
        if (next == null || next != time) {
            return TriggerResult.CONTINUE;
        }
        fireTime.clear();
        final long due = Math.min(ctx.currentWatermark(), window.maxTimestamp());
        final long span = due - time;
        // span < 0 only if the difference overflowed: far more firings than the bound
        if (span >= 0 && span / intervalMillis < MAX_FIRINGS_PER_WATERMARK) {
            registerNextFireTime(time, window, ctx, fireTime);
            return TriggerResult.FIRE;
        }
        if (ctx.currentWatermark() >= window.maxTimestamp()) {
            // the end timer, due at this watermark too, fires the window once
            return TriggerResult.CONTINUE;
        }
        // the last firing time on this timer's grid at or below the watermark
        final long lastDue = ctx.currentWatermark() - TimeWindow.sinceStart(ctx.currentWatermark(), time, intervalMillis);
        registerNextFireTime(lastDue, window, ctx, fireTime);
        return TriggerResult.FIRE;
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final Window window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(final Window window, final TriggerContext ctx) {
        final ReducingState<Long> fireTime = ctx.partitionedState(fireTimeDescriptor);
        final Long next = fireTime.get();
        if (next != null) {
            ctx.deleteEventTimeTimer(next);
            fireTime.clear();
        }
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(final Window window, final OnMergeContext ctx) {
        ctx.mergePartitionedState(fireTimeDescriptor);
        final Long next = ctx.partitionedState(fireTimeDescriptor).get();
        if (next != null) {
            ctx.registerEventTimeTimer(next);
        }
    }

    private void registerNextFireTime(final long time, final Window window, final TriggerContext ctx, final ReducingState<Long> fireTime) {
        final long next = Math.min(Timestamps.plus(time, intervalMillis), window.maxTimestamp());
        fireTime.add(next);
        ctx.registerEventTimeTimer(next);
    }

    @Override
    public String toString() {
        return "ContinuousEventTimeTrigger(" + intervalMillis + ")";
    }

    /** @return the event time between early firings, in milliseconds */
    public long intervalMillis() {
        return intervalMillis;
    }
}
