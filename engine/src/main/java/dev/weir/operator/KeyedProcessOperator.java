package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.timer.Triggerable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a {@link KeyedProcessFunction}: sets the current key per record, gives it keyed state
 * and timers (fired before the watermark that passes them is forwarded, with their key set).
 * Not thread-safe: one instance per task.
 *
 * @param <K> the key type
 * @param <IN> the input type
 * @param <OUT> the output type
 */
public final class KeyedProcessOperator<K, IN, OUT> implements OneInputOperator<IN, OUT>, Triggerable<K, Object>, OperatorStatistics,
        CheckpointedOperator {
    private static final Object NAMESPACE = VoidNamespace.INSTANCE;

    private final KeySelector<? super IN, K> keySelector;
    private final KeyedProcessFunction<K, IN, OUT> function;
    private final FunctionContext context = new FunctionContext();
    private final StampingCollector<OUT> collector = new StampingCollector<>();
    private KeyedStateBackend<K> backend;
    private dev.weir.timer.TimerService<K, Object> timers;
    private KeyedTimerService<K, Object> userTimers;
    private Output<OUT> output;
    private long timestamp;

    /**
     * @param keySelector the key of each record
     * @param function the user's function
     */
    public KeyedProcessOperator(final KeySelector<? super IN, K> keySelector, final KeyedProcessFunction<K, IN, OUT> function) {
        this.keySelector = keySelector;
        this.function = function;
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.collector.setOutput(out);
        this.backend = operatorContext.createKeyedStateBackend();
        this.timers = new dev.weir.timer.TimerService<>(operatorContext.clock(), backend);
        this.timers.setTarget(this);
        this.userTimers = new KeyedTimerService<>(timers, NAMESPACE);
    }

    @Override
    public void processRecord(final IN value, final long recordTimestamp) {
        processKeyedRecord(value, recordTimestamp, keySelector.keyOf(value), -1);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord(final IN value, final long recordTimestamp, final Object key, final int keyGroup) {
        backend.setCurrentKey((K) key, keyGroup);
        timestamp = recordTimestamp;
        collector.setTimestamp(recordTimestamp);
        function.processElement(value, context, collector);
    }

    @Override
    public void processWatermark(final long watermark) {
        timers.advanceWatermark(watermark);
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        timers.advanceProcessingTime(nowMillis);
    }

    @Override
    public long nextProcessingTime() {
        return timers.nextProcessingTime();
    }

    @Override
    public void onEventTime(final long time, final K key, final Object namespace) {
        timestamp = time;
        collector.setTimestamp(time);
        function.onTimer(time, context, collector);
    }

    @Override
    public void onProcessingTime(final long time, final K key, final Object namespace) {
        timestamp = time;
        collector.setTimestamp(Long.MIN_VALUE);
        function.onTimer(time, context, collector);
    }

    @Override
    public dev.weir.timer.TimerService<?, ?> timerService() {
        return timers;
    }

    /** @return pending timers */
    @Override
    public int pendingTimers() {
        return timers.eventTimeTimerCount() + timers.processingTimeTimerCount();
    }

    /** @return the operator's current watermark */
    public long currentWatermark() {
        return timers.currentWatermark();
    }

    /** Releases the keyed state (off-heap memory, files); idempotent. */
    @Override
    public void close() {
        if (backend != null) {
            backend.close();
        }
    }

    @Override
    public Map<String, String> fingerprint() {
        final Map<String, String> aspects = new LinkedHashMap<>();
        aspects.put("operator", "process");
        aspects.put("function", CheckpointedOperator.describe(function));
        return aspects;
    }

    @Override
    public KeyedStateBackend<?> keyedStateBackend() {
        return backend;
    }

    @Override
    public long stateEntries() {
        return backend.entryCount();
    }

    @Override
    public long stateOffHeapBytes() {
        return backend.offHeapBytes();
    }

    private final class FunctionContext extends TimerForwardingContext implements KeyedProcessFunction.Context<K> {
        @Override
        public K currentKey() {
            return backend.currentKey();
        }

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        protected TimerService timerService() {
            return userTimers;
        }

        @Override
        public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
            final S state = backend.state(descriptor);
            state.setNamespace(NAMESPACE);
            return state;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }
    }
}
