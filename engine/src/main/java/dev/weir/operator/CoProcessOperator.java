package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import java.util.Objects;

/**
 * Runs a {@link CoProcessFunction} over two connected (non-keyed) streams: results and side
 * outputs keep the record's timestamp; the context reads the processing time and the operator's
 * watermark; timers and keyed state are refused (they need a key, as in Flink; over keyed
 * connected streams the function runs in {@link KeyedCoProcessOperator#forCoProcess}). The combined watermark and status
 * of both inputs are forwarded as they arrive (docs/semantics.md §7). Stateless; not thread-safe:
 * one instance per task.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
public final class CoProcessOperator<IN1, IN2, OUT> implements TwoInputOperator<IN1, IN2, OUT> {
    private final CoProcessFunction<IN1, IN2, OUT> function;
    private final StampingCollector<OUT> collector = new StampingCollector<>();
    private final FunctionContext context = new FunctionContext();
    private NonKeyedTimerService timerService;
    private Output<OUT> output;
    private long timestamp;

    /** @param function the user's function */
    public CoProcessOperator(final CoProcessFunction<IN1, IN2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.timerService = new NonKeyedTimerService(operatorContext.clock());
        collector.setOutput(out);
    }

    @Override
    public void processRecord1(final IN1 value, final long recordTimestamp) {
        timestamp = recordTimestamp;
        collector.setTimestamp(recordTimestamp);
        function.processElement1(value, context, collector);
    }

    @Override
    public void processRecord2(final IN2 value, final long recordTimestamp) {
        timestamp = recordTimestamp;
        collector.setTimestamp(recordTimestamp);
        function.processElement2(value, context, collector);
    }

    @Override
    public void processWatermark(final long watermark) {
        timerService.advanceWatermark(watermark);
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
    }

    @Override
    public long nextProcessingTime() {
        return Long.MAX_VALUE;
    }

    /** @return the operator's current watermark: the combined watermark of both inputs */
    public long currentWatermark() {
        return timerService.currentWatermark();
    }

    private final class FunctionContext implements CoProcessFunction.Context {
        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public TimerService timerService() {
            return timerService;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }

        @Override
        public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
            throw new UnsupportedOperationException(CoProcessFunction.UNSUPPORTED_KEYED_STATE_MSG + " (state '" + descriptor.name() + "')");
        }
    }
}
