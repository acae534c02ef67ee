package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.timer.TimeDomain;
import dev.weir.timer.Triggerable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a {@link KeyedCoProcessFunction} over two connected keyed streams (docs/semantics.md §7):
 * each record sets its key as the current key (the key its keyed edge routed it by, else its
 * side's key selector's); both callbacks share the keyed state and the timers, which are stored
 * once per (time, key, namespace) whichever callback registered them; event-time timers fire on
 * the combined watermark of both inputs before it is forwarded. Its state and timers are
 * checkpointed as any keyed operator's. A {@link CoProcessFunction} over keyed connected streams
 * runs in this operator too ({@link #forCoProcess}), as Flink runs it there: the same keyed state and
 * timers, without the key in its context. Nothing is allocated per record in steady state. Not
 * thread-safe: one instance per task.
 *
 * @param <K> the key type
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
public final class KeyedCoProcessOperator<K, IN1, IN2, OUT>
        implements TwoInputOperator<IN1, IN2, OUT>, Triggerable<K, Object>, OperatorStatistics, CheckpointedOperator {
    private static final Object NAMESPACE = VoidNamespace.INSTANCE;

    private final KeySelector<? super IN1, K> key1;
    private final KeySelector<? super IN2, K> key2;
    private final KeyedCoProcessFunction<K, IN1, IN2, OUT> function;
    private final FunctionContext context = new FunctionContext();
    private final StampingCollector<OUT> collector = new StampingCollector<>();
    private KeyedStateBackend<K> backend;
    private dev.weir.timer.TimerService<K, Object> timers;
    private KeyedTimerService<K, Object> userTimers;
    private Output<OUT> output;
    private long timestamp;
    private TimeDomain timeDomain;

    /**
     * @param key1 the key of each record of the first input
     * @param key2 the key of each record of the second input, of the same type and meaning
     * @param function the user's function
     */
    public KeyedCoProcessOperator(final KeySelector<? super IN1, K> key1, final KeySelector<? super IN2, K> key2,
            final KeyedCoProcessFunction<K, IN1, IN2, OUT> function) {
        this.key1 = Objects.requireNonNull(key1, "key1");
        this.key2 = Objects.requireNonNull(key2, "key2");
        this.function = Objects.requireNonNull(function, "function");
    }

    /**
     * Runs a {@link CoProcessFunction} over keyed connected streams: both callbacks with the
     * record's key current, sharing its keyed state and timers, {@code onTimer} with the timer's
     * key current.
     *
     * @param key1 the key of each record of the first input
     * @param key2 the key of each record of the second input, of the same type and meaning
     * @param function the user's function
     * @param <K> the key type
     * @param <IN1> the first input's record type
     * @param <IN2> the second input's record type
     * @param <OUT> the output type
     * @return the operator
     */
    public static <K, IN1, IN2, OUT> KeyedCoProcessOperator<K, IN1, IN2, OUT> forCoProcess(final KeySelector<? super IN1, K> key1,
            final KeySelector<? super IN2, K> key2, final CoProcessFunction<IN1, IN2, OUT> function) {
        return new KeyedCoProcessOperator<>(key1, key2, new CoProcessAsKeyed<>(function));
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.backend = operatorContext.createKeyedStateBackend();
        this.timers = new dev.weir.timer.TimerService<>(operatorContext.clock(), backend);
        this.timers.setTarget(this);
        this.userTimers = new KeyedTimerService<>(timers, NAMESPACE);
        collector.setOutput(out);
    }

    @Override
    public void processRecord1(final IN1 value, final long recordTimestamp) {
        processKeyedRecord1(value, recordTimestamp, key1.keyOf(value), -1);
    }

    @Override
    public void processRecord2(final IN2 value, final long recordTimestamp) {
        processKeyedRecord2(value, recordTimestamp, key2.keyOf(value), -1);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord1(final IN1 value, final long recordTimestamp, final Object key, final int keyGroup) {
        backend.setCurrentKey((K) key, keyGroup);
        forRecord(recordTimestamp);
        function.processElement1(value, context, collector);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord2(final IN2 value, final long recordTimestamp, final Object key, final int keyGroup) {
        backend.setCurrentKey((K) key, keyGroup);
        forRecord(recordTimestamp);
        function.processElement2(value, context, collector);
    }

    private void forRecord(final long recordTimestamp) {
        timestamp = recordTimestamp;
        timeDomain = null;
        collector.setTimestamp(recordTimestamp);
    }

    @Override
    public void onEventTime(final long time, final K key, final Object namespace) {
        timestamp = time;
        timeDomain = TimeDomain.EVENT_TIME;
        collector.setTimestamp(time);
        function.onTimer(time, context, collector);
    }

    @Override
    public void onProcessingTime(final long time, final K key, final Object namespace) {
        timestamp = time;
        timeDomain = TimeDomain.PROCESSING_TIME;
        collector.setTimestamp(Long.MIN_VALUE);
        function.onTimer(time, context, collector);
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

    /** @return the operator's current watermark: the combined watermark of both inputs */
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
    public int pendingTimers() {
        return timers.eventTimeTimerCount() + timers.processingTimeTimerCount();
    }

    @Override
    public long stateEntries() {
        return backend.entryCount();
    }

    @Override
    public long stateOffHeapBytes() {
        return backend.offHeapBytes();
    }

    @Override
    public Map<String, String> fingerprint() {
        final Map<String, String> aspects = new LinkedHashMap<>();
        aspects.put("operator", "keyed co-process");
        aspects.put("function", CheckpointedOperator.describe(function));
        return aspects;
    }

    @Override
    public KeyedStateBackend<?> keyedStateBackend() {
        return backend;
    }

    @Override
    public dev.weir.timer.TimerService<?, ?> timerService() {
        return timers;
    }

    private final class FunctionContext implements KeyedCoProcessFunction.OnTimerContext<K> {
        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public TimerService timerService() {
            return userTimers;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }

        @Override
        public K getCurrentKey() {
            return backend.currentKey();
        }

        @Override
        public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
            final S state = backend.state(descriptor);
            state.setNamespace(NAMESPACE);
            return state;
        }

        @Override
        public TimeDomain timeDomain() {
            return timeDomain;
        }
    }
}
