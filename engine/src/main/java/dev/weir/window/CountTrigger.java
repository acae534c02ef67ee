package dev.weir.window;

import dev.weir.state.LongReductions;
import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;

/**
 * Fires every time a window has received {@code maxCount} more records; the count lives in
 * partitioned state and merges with the window.
 *
 * @param <W> the window type
 */
public final class CountTrigger<W extends Window> implements Trigger<Object, W> {
    private final long maxCount;
    private final ReducingStateDescriptor<Long> countDescriptor = new ReducingStateDescriptor<>("count", LongReductions.SUM);

    private CountTrigger(final long maxCount) {
        if (maxCount <= 0) {
            throw new IllegalArgumentException("count trigger needs a positive count, got " + maxCount);
        }
        this.maxCount = maxCount;
    }

    /**
     * @param maxCount records per firing, positive
     * @param <W> the window type
     * @return a count trigger
     */
    public static <W extends Window> CountTrigger<W> of(final long maxCount) {
        return new CountTrigger<>(maxCount);
    }

    @Override
    public TriggerResult onElement(final Object element, final long timestamp, final W window, final TriggerContext ctx) {
        final ReducingState<Long> count = ctx.partitionedState(countDescriptor);
        count.add(1L);
        if (count.get() >= maxCount) {
            count.clear();
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(final long time, final W window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(final long time, final W window, final TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(final W window, final TriggerContext ctx) {
        ctx.partitionedState(countDescriptor).clear();
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(final W window, final OnMergeContext ctx) {
        ctx.mergePartitionedState(countDescriptor);
    }

    @Override
    public String toString() {
        return "CountTrigger(" + maxCount + ")";
    }

    /** @return the number of records per key and window that makes it fire */
    public long maxCount() {
        return maxCount;
    }
}
