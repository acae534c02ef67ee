package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.KeyedCoProcessFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A Weir {@link KeyedCoProcessFunction} as Flink's: each record of either input and each timer
 * calls the Weir function with a {@link KeyedTwoInputContext} over Flink's context, as
 * {@link FlinkKeyedProcess} does for one input: Weir keyed state on Flink's keyed state
 * ({@link FlinkStateBinding}), Weir timers on Flink's timer service (one per time and key, event
 * timers fired before the watermark that passes them goes on), results stamped by Flink as by
 * Weir. One instance per Flink subtask, called by its task thread only.
 */
final class FlinkKeyedCoProcess extends org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final KeyedCoProcessFunction<Object, Object, Object, Object> function;
    private transient KeyedTwoInputContext context;
    private transient WeirCollector collector;
    private transient Bound call;

    @SuppressWarnings("unchecked")
    FlinkKeyedCoProcess(final KeyedCoProcessFunction<?, ?, ?, ?> function) {
        this.function = (KeyedCoProcessFunction<Object, Object, Object, Object>) function;
    }

    @Override
    public void open(final OpenContext openContext) {
        context = new KeyedTwoInputContext(FlinkStateBinding.of(getRuntimeContext()));
        collector = new WeirCollector();
        call = new Bound();
    }

    @Override
    public void processElement1(final Object value, final Context ctx, final Collector<Object> out) {
        function.processElement1(value, enter(ctx, out), collector);
    }

    @Override
    public void processElement2(final Object value, final Context ctx, final Collector<Object> out) {
        function.processElement2(value, enter(ctx, out), collector);
    }

    @Override
    public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<Object> out) {
        collector.enter(out);
        function.onTimer(timestamp, context.enterTimer(call.of(ctx), timestamp, ctx.timeDomain()), collector);
    }

    private KeyedTwoInputContext enter(final Context ctx, final Collector<Object> out) {
        collector.enter(out);
        return context.enterRecord(call.of(ctx), ctx.timestamp());
    }

    /** What the Weir context reads from Flink's context of the current call. */
    private static final class Bound extends RecordSideCall<org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object>.Context> {
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
            return null;
        }
    }
}
