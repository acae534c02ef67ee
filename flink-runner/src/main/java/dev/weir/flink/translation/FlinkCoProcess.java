package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.CoProcessFunction;
import dev.weir.timer.TimeDomain;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A Weir {@link CoProcessFunction} as Flink's {@code CoProcessFunction}: each record calls the Weir
 * function with a {@link KeyedTwoInputContext} over Flink's context (the record's timestamp,
 * Flink's processing time and watermark, side outputs to Flink's tag of the same id). Keyed, it
 * runs where Flink runs a {@code CoProcessFunction} over keyed connected streams (Flink's keyed
 * co-process operator): Weir keyed state on Flink's keyed state ({@link FlinkStateBinding}), Weir
 * timers on Flink's timer service (one per time and key), {@code onTimer} with Weir's
 * {@link TimeDomain}, as on Weir. Not keyed, keyed state and timers are refused, on either engine.
 * One instance per Flink subtask, called by its task thread only.
 */
final class FlinkCoProcess extends org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final CoProcessFunction<Object, Object, Object> function;
    private final boolean keyed;
    private transient KeyedTwoInputContext context;
    private transient WeirCollector collector;
    private transient Bound call;

    /**
     * @param function the Weir function
     * @param keyed true when it runs over keyed connected streams, with keyed state and timers
     */
    @SuppressWarnings("unchecked")
    FlinkCoProcess(final CoProcessFunction<?, ?, ?> function, final boolean keyed) {
        this.function = (CoProcessFunction<Object, Object, Object>) function;
        this.keyed = keyed;
    }

    @Override
    public void open(final OpenContext openContext) {
        context = new KeyedTwoInputContext(keyed ? FlinkStateBinding.of(getRuntimeContext()) : null);
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

    /** What the Weir context reads from Flink's context of the current call: no key, which a co-process function does not see. */
    private static final class Bound extends RecordSideCall<org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object>.Context> {
        @Override
        public Object key() {
            return null;
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
