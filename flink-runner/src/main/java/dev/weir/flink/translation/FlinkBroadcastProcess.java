package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkBroadcastState;
import dev.weir.operator.BroadcastProcessFunction;
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
    private transient ElementSide element;
    private transient BroadcastSide broadcast;

    @SuppressWarnings("unchecked")
    FlinkBroadcastProcess(final BroadcastProcessFunction<?, ?, ?> function) {
        this.function = (BroadcastProcessFunction<Object, Object, Object>) function;
    }

    private KeyedTwoInputContext enter(final KeyedTwoInputContext.Call call, final Long timestamp, final Collector<Object> out) {
        collector.enter(out);
        return context.enterRecord(call, timestamp);
    }

    private void ready() {
        if (context == null) {
            context = new KeyedTwoInputContext(null);
            collector = new WeirCollector();
            element = new ElementSide();
            broadcast = new BroadcastSide();
        }
    }

    @Override
    public void processElement(final Object value, final ReadOnlyContext ctx, final Collector<Object> out) {
        ready();
        element.flink = ctx;
        function.processElement(value, enter(element, ctx.timestamp(), out), collector);
    }

    @Override
    public void processBroadcastElement(final Object value, final Context ctx, final Collector<Object> out) {
        ready();
        broadcast.flink = ctx;
        function.processBroadcastElement(value, enter(broadcast, ctx.timestamp(), out), collector);
    }

    /** The non-broadcast side's call; reused for every call. */
    private final class ElementSide extends Side {
        private ReadOnlyContext flink;

        @Override
        TimerService time() {
            return new BroadcastSideTime(flink.currentProcessingTime(), flink.currentWatermark());
        }

        @Override
        public void output(final OutputTag<Object> tag, final Object record) {
            flink.output(tag, record);
        }

        @Override
        public ReadOnlyBroadcastState<Object, Object> broadcastState(final MapStateDescriptor<Object, Object> descriptor) {
            return flink.getBroadcastState(descriptor);
        }
    }

    /** The broadcast side's call; reused for every call. */
    private final class BroadcastSide extends Side {
        private Context flink;

        @Override
        TimerService time() {
            return new BroadcastSideTime(flink.currentProcessingTime(), flink.currentWatermark());
        }

        @Override
        public void output(final OutputTag<Object> tag, final Object record) {
            flink.output(tag, record);
        }

        @Override
        public ReadOnlyBroadcastState<Object, Object> broadcastState(final MapStateDescriptor<Object, Object> descriptor) throws Exception {
            return flink.getBroadcastState(descriptor);
        }
    }

    /** A call of either side: its time, no key, no timers. */
    private abstract static class Side implements KeyedTwoInputContext.Call {
        /** @return the call's processing time and watermark, without timers */
        abstract TimerService time();

        @Override
        public Object key() {
            throw new UnsupportedOperationException("a non-keyed broadcast function has no current key");
        }

        @Override
        public TimerService timers() {
            return time();
        }

        @Override
        public void applyToKeyedState(final StateDescriptor<?, ?> descriptor, final Consumer<Object> perKey) {
            throw new UnsupportedOperationException("a non-keyed broadcast function has no keyed state");
        }
    }
}
