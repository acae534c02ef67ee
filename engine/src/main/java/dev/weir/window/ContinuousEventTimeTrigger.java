package dev.weir.window;

import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;

/**
 * Fires every {@code interval} of event time within a window, and at the window's end.
 * The next firing time lives in partitioned state (the minimum wins when windows merge).
 *
 * @param <T> the record type
 */
public final class ContinuousEventTimeTrigger<T> implements Trigger<T, TimeWindow> {
    private final long intervalMillis;
    private final ReducingStateDescriptor<Long> fireTimeDescriptor = new ReducingStateDescriptor<>("fire-time", Math::min);

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
    public TriggerResult onElement(final T element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
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
    public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
        if (time == window.maxTimestamp()) {
            return TriggerResult.FIRE;
        }
        final ReducingState<Long> fireTime = ctx.partitionedState(fireTimeDescriptor);
        final Long next = fireTime.get();
        if (next != null && next == time) {
            fireTime.clear();
            registerNextFireTime(time, window, ctx, fireTime);
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(final TimeWindow window, final TriggerContext ctx) {
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
    public void onMerge(final TimeWindow window, final OnMergeContext ctx) {
        ctx.mergePartitionedState(fireTimeDescriptor);
        final Long next = ctx.partitionedState(fireTimeDescriptor).get();
        if (next != null) {
            ctx.registerEventTimeTimer(next);
        }
    }

    private void registerNextFireTime(final long time, final TimeWindow window, final TriggerContext ctx, final ReducingState<Long> fireTime) {
        final long next = Math.min(time + intervalMillis, window.maxTimestamp());
        fireTime.add(next);
        ctx.registerEventTimeTimer(next);
    }

    @Override
    public Class<?> windowType() {
        return TimeWindow.class;
    }

    @Override
    public String toString() {
        return "ContinuousEventTimeTrigger(" + intervalMillis + ")";
    }
}
