package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkBroadcastState;
import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import java.util.function.Consumer;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.State;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.runtime.state.KeyedStateFunction;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A Weir {@link KeyedBroadcastProcessFunction} as Flink's: the keyed side with Weir keyed state on
 * Flink's ({@link FlinkStateBinding}) and timers on Flink's timer service, the broadcast side
 * with Weir's broadcast state over Flink's ({@link FlinkBroadcastState}) and
 * {@code applyToKeyedState} over Flink's; both through a {@link KeyedTwoInputContext}. One
 * instance per Flink subtask, called by its task thread only.
 */
final class FlinkKeyedBroadcastProcess
        extends org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction<Object, Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final KeyedBroadcastProcessFunction<Object, Object, Object, Object> function;
    private transient KeyedTwoInputContext context;
    private transient WeirCollector collector;
    private transient Keyed keyed;
    private transient Broadcast broadcast;

    @SuppressWarnings("unchecked")
    FlinkKeyedBroadcastProcess(final KeyedBroadcastProcessFunction<?, ?, ?, ?> function) {
        this.function = (KeyedBroadcastProcessFunction<Object, Object, Object, Object>) function;
    }

    @Override
    public void open(final OpenContext openContext) {
        context = new KeyedTwoInputContext(FlinkStateBinding.of(getRuntimeContext()));
        collector = new WeirCollector();
        keyed = new Keyed();
        broadcast = new Broadcast();
    }

    @Override
    public void processElement(final Object value, final ReadOnlyContext ctx, final Collector<Object> out) {
        collector.enter(out);
        function.processElement(value, context.enterRecord(keyed.of(ctx), ctx.timestamp()), collector);
    }

    @Override
    public void processBroadcastElement(final Object value, final Context ctx, final Collector<Object> out) {
        collector.enter(out);
        function.processBroadcastElement(value, context.enterRecord(broadcast.of(ctx), ctx.timestamp()), collector);
    }

    @Override
    public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<Object> out) {
        collector.enter(out);
        function.onTimer(timestamp, context.enterTimer(keyed.of(ctx), timestamp, ctx.timeDomain()), collector);
    }

    /** The keyed side's call: key, timers, read-only broadcast state; reused for every call. */
    private final class Keyed extends RecordSideCall<ReadOnlyContext> {
        @Override
        public Object key() {
            return flink().getCurrentKey();
        }

        @Override
        public TimerService timers() {
            return flink().timerService();
        }

        @Override
        public void output(final OutputTag<Object> tag, final Object value) {
            flink().output(tag, value);
        }

        @Override
        public ReadOnlyBroadcastState<Object, Object> broadcastState(final MapStateDescriptor<Object, Object> descriptor) {
            return flink().getBroadcastState(descriptor);
        }
    }

    /** The broadcast side's call: writable broadcast state and every key's state; no key, no timers; reused. */
    private final class Broadcast implements KeyedTwoInputContext.Call {
        private Context flink;

        Broadcast of(final Context context) {
            this.flink = context;
            return this;
        }

        @Override
        public Object key() {
            throw new UnsupportedOperationException("the broadcast side has no current key");
        }

        @Override
        public TimerService timers() {
            return new BroadcastSideTime(flink.currentProcessingTime(), flink.currentWatermark());
        }

        @Override
        public void output(final OutputTag<Object> tag, final Object value) {
            flink.output(tag, value);
        }

        @Override
        public ReadOnlyBroadcastState<Object, Object> broadcastState(final MapStateDescriptor<Object, Object> descriptor) {
            return flink.getBroadcastState(descriptor);
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void applyToKeyedState(final StateDescriptor<?, ?> descriptor, final Consumer<Object> perKey) throws Exception {
            flink.applyToKeyedState((StateDescriptor) descriptor, (KeyedStateFunction<Object, State>) (key, state) -> perKey.accept(key));
        }
    }
}
