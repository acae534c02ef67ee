package dev.weir.flink;

import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.time.TimestampAssigner;
import java.util.function.Consumer;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A Weir {@link BroadcastProcessFunction} as Flink's: the non-broadcast side reads Weir's
 * broadcast state over Flink's read-only one, the broadcast side writes it
 * ({@link FlinkBroadcastState}); no key, no state, no timers, on either engine. One instance per
 * Flink subtask, called by its task thread only.
 */
final class FlinkBroadcastProcess extends org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final BroadcastProcessFunction<Object, Object, Object> function;
    private transient KeyedTwoInputContext context;
    private transient WeirCollector collector;

    @SuppressWarnings("unchecked")
    FlinkBroadcastProcess(final BroadcastProcessFunction<?, ?, ?> function) {
        this.function = (BroadcastProcessFunction<Object, Object, Object>) function;
    }

    private KeyedTwoInputContext enter(final KeyedTwoInputContext.Call call, final Long timestamp, final Collector<Object> out) {
        if (context == null) {
            context = new KeyedTwoInputContext(null);
            collector = new WeirCollector();
        }
        collector.enter(out);
        return context.enter(call, timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp, null);
    }

    @Override
    public void processElement(final Object value, final ReadOnlyContext ctx, final Collector<Object> out) {
        final KeyedTwoInputContext weir = enter(new Side(ctx.currentProcessingTime(), ctx.currentWatermark()) {
            @Override
            public void output(final OutputTag<Object> tag, final Object record) {
                ctx.output(tag, record);
            }

            @Override
            public ReadOnlyBroadcastState<Object, Object> broadcastState(final MapStateDescriptor<Object, Object> descriptor) {
                return ctx.getBroadcastState(descriptor);
            }
        }, ctx.timestamp(), out);
        function.processElement(value, weir, collector);
    }

    @Override
    public void processBroadcastElement(final Object value, final Context ctx, final Collector<Object> out) {
        final KeyedTwoInputContext weir = enter(new Side(ctx.currentProcessingTime(), ctx.currentWatermark()) {
            @Override
            public void output(final OutputTag<Object> tag, final Object record) {
                ctx.output(tag, record);
            }

            @Override
            public ReadOnlyBroadcastState<Object, Object> broadcastState(final MapStateDescriptor<Object, Object> descriptor) {
                return ctx.getBroadcastState(descriptor);
            }
        }, ctx.timestamp(), out);
        function.processBroadcastElement(value, weir, collector);
    }

    /** A call of either side: its time, no key, no timers. */
    private abstract static class Side implements KeyedTwoInputContext.Call {
        private final TimerService time;

        Side(final long processingTime, final long watermark) {
            this.time = new BroadcastSideTime(processingTime, watermark);
        }

        @Override
        public Object key() {
            throw new UnsupportedOperationException("a non-keyed broadcast function has no current key");
        }

        @Override
        public TimerService timers() {
            return time;
        }

        @Override
        public void applyToKeyedState(final StateDescriptor<?, ?> descriptor, final Consumer<Object> perKey) {
            throw new UnsupportedOperationException("a non-keyed broadcast function has no keyed state");
        }
    }
}
