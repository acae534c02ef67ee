package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import dev.weir.state.BroadcastState;
import dev.weir.state.BroadcastStates;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a {@link BroadcastProcessFunction} (docs/semantics.md §7): input 1 is the non-broadcast
 * side, whose records read the broadcast state through a read-only view; input 2 is the broadcast
 * side, whose every record reaches every instance and may write it. The broadcast state is
 * operator state: checkpointed once (instance 0's copy) and restored into every instance. Results
 * and side outputs keep the record's timestamp; the combined watermark and status are forwarded
 * as they arrive. Not thread-safe: one instance per task.
 *
 * @param <IN1> the non-broadcast side's record type
 * @param <IN2> the broadcast side's record type
 * @param <OUT> the output type
 */
public final class CoBroadcastWithNonKeyedOperator<IN1, IN2, OUT>
        implements TwoInputOperator<IN1, IN2, OUT>, OperatorStatistics, CheckpointedOperator {
    private final BroadcastProcessFunction<IN1, IN2, OUT> function;
    private final List<MapStateDescriptor<?, ?>> descriptors;
    private final StampingCollector<OUT> collector = new StampingCollector<>();
    private final ReadOnlyContextImpl readOnlyContext = new ReadOnlyContextImpl();
    private final ContextImpl context = new ContextImpl();
    private BroadcastStates states;
    private NonKeyedTimerService time;
    private Output<OUT> output;
    private long timestamp;

    /**
     * @param function the user's function
     * @param descriptors the broadcast states, those the broadcast stream was made with
     */
    public CoBroadcastWithNonKeyedOperator(final BroadcastProcessFunction<IN1, IN2, OUT> function,
            final List<MapStateDescriptor<?, ?>> descriptors) {
        this.function = Objects.requireNonNull(function, "function");
        this.descriptors = List.copyOf(descriptors);
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.states = new BroadcastStates(operatorContext.operatorName(), descriptors);
        this.time = new NonKeyedTimerService(operatorContext.clock());
        collector.setOutput(out);
    }

    @Override
    public void processRecord1(final IN1 value, final long recordTimestamp) {
        timestamp = recordTimestamp;
        collector.setTimestamp(recordTimestamp);
        function.processElement(value, readOnlyContext, collector);
    }

    @Override
    public void processRecord2(final IN2 value, final long recordTimestamp) {
        timestamp = recordTimestamp;
        collector.setTimestamp(recordTimestamp);
        function.processBroadcastElement(value, context, collector);
    }

    @Override
    public void processWatermark(final long watermark) {
        time.advanceWatermark(watermark);
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
        return time.currentWatermark();
    }

    /** @return the broadcast states of this instance */
    public BroadcastStates broadcastStates() {
        return states;
    }

    @Override
    public int pendingTimers() {
        return 0;
    }

    @Override
    public long stateEntries() {
        return states.entryCount();
    }

    @Override
    public Map<String, String> fingerprint() {
        final Map<String, String> aspects = new LinkedHashMap<>();
        aspects.put("operator", "broadcast process");
        aspects.put("broadcast states", stateNames());
        aspects.put("function", CheckpointedOperator.describe(function));
        return aspects;
    }

    /** @return null: the operator has no keyed state */
    private String stateNames() {
        final List<String> names = new ArrayList<>();
        for (final MapStateDescriptor<?, ?> descriptor : descriptors) {
            names.add(descriptor.name());
        }
        return names.toString();
    }

    @Override
    public KeyedStateBackend<?> keyedStateBackend() {
        return null;
    }

    /** @return null: the operator has no timers */
    @Override
    public dev.weir.timer.TimerService<?, ?> timerService() {
        return null;
    }

    @Override
    public void snapshotBroadcastState(final OperatorSnapshot snapshot) {
        states.snapshot(snapshot);
    }

    @Override
    public void restoreBroadcastStateEntry(final String stateName, final Object key, final Object value) {
        states.restoreEntry(stateName, key, value);
    }

    /** The broadcast side's context. */
    private final class ContextImpl implements BroadcastProcessFunction.Context {
        @Override
        public <K, V> BroadcastState<K, V> getBroadcastState(final MapStateDescriptor<K, V> descriptor) {
            return states.state(descriptor);
        }

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }

        @Override
        public long currentProcessingTime() {
            return time.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return time.currentWatermark();
        }
    }

    /** The non-broadcast side's context: broadcast state through its read-only view. */
    private final class ReadOnlyContextImpl implements BroadcastProcessFunction.ReadOnlyContext {
        @Override
        public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(final MapStateDescriptor<K, V> descriptor) {
            return states.readOnly(descriptor);
        }

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }

        @Override
        public long currentProcessingTime() {
            return time.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return time.currentWatermark();
        }
    }
}
