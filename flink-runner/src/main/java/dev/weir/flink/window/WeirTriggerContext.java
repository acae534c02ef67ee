package dev.weir.flink.window;

import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.state.KeyedState;
import dev.weir.state.MergingState;
import dev.weir.state.StateDescriptor;
import dev.weir.window.OnMergeContext;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;

/**
 * Weir's trigger context over Flink's, for one call of a wrapped trigger at a time: timers,
 * watermark and processing time are Flink's, and the partitioned state of the current key and
 * window is Flink's state behind Weir's state interfaces ({@link FlinkStateBinding}).
 * {@link #mergePartitionedState} needs Flink's merge context, which Flink gives only to {@code onMerge}. Not thread-safe: one per
 * trigger instance, re-pointed at each call.
 */
final class WeirTriggerContext implements OnMergeContext {
    private Trigger.TriggerContext flink;
    /** The state of {@link #flink}: Flink's window operator passes one context object to every call, so it is bound once. */
    private FlinkStateBinding state;
    private Trigger.TriggerContext bound;

    /**
     * @param context Flink's context of the current call
     * @return this context, over Flink's
     */
    WeirTriggerContext over(final Trigger.TriggerContext context) {
        this.flink = context;
        return this;
    }

    @Override
    public long currentProcessingTime() {
        return flink.getCurrentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return flink.getCurrentWatermark();
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        flink.registerEventTimeTimer(time);
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        flink.registerProcessingTimeTimer(time);
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        flink.deleteEventTimeTimer(time);
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        flink.deleteProcessingTimeTimer(time);
    }

    @Override
    public <S extends KeyedState> S partitionedState(final StateDescriptor<S> descriptor) {
        if (bound != flink) {
            state = FlinkStateBinding.of(flink);
            bound = flink;
        }
        return state.state(descriptor);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <S extends MergingState<?, ?>> void mergePartitionedState(final StateDescriptor<S> descriptor) {
        // Flink's state of a name is the same whichever descriptor object names it
        ((Trigger.OnMergeContext) flink).mergePartitionedState((org.apache.flink.api.common.state.StateDescriptor) FlinkStateBinding
                .flinkDescriptorOf(descriptor));
    }
}
