package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TimerForwardingContext;
import dev.weir.operator.TimerService;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * The Weir {@link KeyedProcessFunction.Context} and {@link Collector} of one Flink
 * {@link FlinkKeyedProcess}, over Flink's context of the current record or timer
 * ({@link #enter}): key, timers, watermark and processing time come from Flink's timer service,
 * never from the system clock; state from {@link FlinkStateBinding}; a side output goes to
 * Flink's side output of the tag's id. Reused for every call; not thread-safe.
 */
final class FlinkProcessContext extends TimerForwardingContext implements KeyedProcessFunction.Context<Object>, Collector<Object> {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final FlinkStateBinding states;
    /** Flink's tags by Weir tag: Flink's are equal by id, so one per Weir tag serves every call. */
    private final Map<OutputTag<?>, org.apache.flink.util.OutputTag<Object>> tags = new HashMap<>();
    private org.apache.flink.streaming.api.functions.KeyedProcessFunction<Object, Object, Object>.Context flink;
    private final FlinkTimerService timers = new FlinkTimerService();
    private org.apache.flink.util.Collector<Object> out;
    private long timestamp;
    private long processingTimersRegistered;

    /** @param states the state of the Flink function's runtime context */
    FlinkProcessContext(final FlinkStateBinding states) {
        this.states = states;
    }

    /**
     * Points this context at Flink's for one call of the Weir function.
     *
     * @param context Flink's context of the record or timer
     * @param collector Flink's collector of the call
     * @param time the record's timestamp ({@code Long.MIN_VALUE} without one) or the timer's time
     */
    void enter(final org.apache.flink.streaming.api.functions.KeyedProcessFunction<Object, Object, Object>.Context context,
            final org.apache.flink.util.Collector<Object> collector, final long time) {
        this.flink = context;
        this.timers.over(context.timerService());
        this.out = collector;
        this.timestamp = time;
    }

    @Override
    public Object currentKey() {
        return flink.getCurrentKey();
    }

    @Override
    public long timestamp() {
        return timestamp;
    }

    @Override
    protected TimerService timerService() {
        return timers;
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        processingTimersRegistered++;
        super.registerProcessingTimeTimer(time);
    }

    /** @return how many processing-time timers the function has registered so far */
    long processingTimersRegistered() {
        return processingTimersRegistered;
    }

    @Override
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
        return states.state(descriptor);
    }

    @Override
    public <X> void output(final OutputTag<X> tag, final X value) {
        flink.output(tags.computeIfAbsent(tag, weir -> new org.apache.flink.util.OutputTag<>(weir.id(), ANY)), value);
    }

    /** The Weir function's main output: Flink stamps it as Weir does (the record's timestamp, an event timer's time). */
    @Override
    public void collect(final Object value) {
        out.collect(value);
    }
}
