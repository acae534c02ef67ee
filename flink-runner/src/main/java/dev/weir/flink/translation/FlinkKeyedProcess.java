package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.time.TimestampAssigner;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.util.Collector;

/**
 * A Weir {@code KeyedStream.process} step's function as Flink's {@code KeyedProcessFunction}:
 * each record and each timer calls the Weir function with a {@link FlinkProcessContext} over
 * Flink's context. Flink runs it as Weir's operator runs its function: timers deduplicated on
 * (time, key), event timers fired before the watermark that passes them goes on, results stamped
 * with the record's timestamp or the event timer's time, none for a processing-time timer.
 * One instance per Flink subtask, called by its task thread only.
 */
final class FlinkKeyedProcess extends org.apache.flink.streaming.api.functions.KeyedProcessFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final KeyedProcessFunction<Object, Object, Object> function;
    private transient FlinkProcessContext context;

    @SuppressWarnings("unchecked")
    FlinkKeyedProcess(final KeyedProcessFunction<?, ?, ?> function) {
        this.function = (KeyedProcessFunction<Object, Object, Object>) function;
    }

    @Override
    public void open(final OpenContext openContext) {
        context = new FlinkProcessContext(FlinkStateBinding.of(getRuntimeContext()));
    }

    /** @return how many processing-time timers the Weir function has registered in this subtask so far */
    long processingTimersRegistered() {
        return context.processingTimersRegistered();
    }

    @Override
    public void processElement(final Object value, final Context ctx, final Collector<Object> out) {
        final Long timestamp = ctx.timestamp();
        context.enter(ctx, out, timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp);
        function.processElement(value, context, context);
    }

    @Override
    public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<Object> out) {
        context.enter(ctx, out, timestamp);
        function.onTimer(timestamp, context, context);
    }
}
