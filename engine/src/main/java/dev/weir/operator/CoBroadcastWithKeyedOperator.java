package dev.weir.operator;

import dev.weir.event.WatermarkStatus;
import dev.weir.state.BroadcastState;
import dev.weir.state.BroadcastStates;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.KeyedStateFunction;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.state.StateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.timer.TimeDomain;
import dev.weir.timer.Triggerable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a {@link KeyedBroadcastProcessFunction} (docs/semantics.md §7): input 1 is the keyed side,
 * whose records set their key (the one their keyed edge routed them by, else the key selector's)
 * and get keyed state, timers and a read-only view of the broadcast state; input 2 is the
 * broadcast side, whose every record reaches every instance, writes the broadcast state and may
 * visit every key's keyed state of this instance ({@code applyToKeyedState}). Event-time timers
 * fire on the combined watermark before it is forwarded. Keyed state and timers are checkpointed
 * per key group; the broadcast state once (instance 0's copy) and restored into every instance.
 * Not thread-safe: one instance per task.
 *
 * @param <KS> the keyed side's key type
 * @param <IN1> the keyed side's record type
 * @param <IN2> the broadcast side's record type
 * @param <OUT> the output type
 */
public final class CoBroadcastWithKeyedOperator<KS, IN1, IN2, OUT>
        implements TwoInputOperator<IN1, IN2, OUT>, Triggerable<KS, Object>, OperatorStatistics, CheckpointedOperator {
    private static final Object NAMESPACE = VoidNamespace.INSTANCE;

    private final KeySelector<? super IN1, KS> keySelector;
    private final KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> function;
    private final List<MapStateDescriptor<?, ?>> descriptors;
    private final StampingCollector<OUT> collector = new StampingCollector<>();
    private final KeyedContext keyedContext = new KeyedContext();
    private final BroadcastContext broadcastContext = new BroadcastContext();
    private BroadcastStates states;
    private KeyedStateBackend<KS> backend;
    private dev.weir.timer.TimerService<KS, Object> timers;
    private KeyedTimerService<KS, Object> userTimers;
    private Output<OUT> output;
    private long timestamp;
    private TimeDomain timeDomain;

    /**
     * @param keySelector the key of each record of the keyed side (input 1)
     * @param function the user's function
     * @param descriptors the broadcast states, those the broadcast stream was made with
     */
    public CoBroadcastWithKeyedOperator(final KeySelector<? super IN1, KS> keySelector,
            final KeyedBroadcastProcessFunction<KS, IN1, IN2, OUT> function, final List<MapStateDescriptor<?, ?>> descriptors) {
        this.keySelector = Objects.requireNonNull(keySelector, "keySelector");
        this.function = Objects.requireNonNull(function, "function");
        this.descriptors = List.copyOf(descriptors);
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.states = new BroadcastStates(operatorContext.operatorName(), descriptors);
        this.backend = operatorContext.createKeyedStateBackend();
        this.timers = new dev.weir.timer.TimerService<>(operatorContext.clock(), backend);
        this.timers.setTarget(this);
        this.userTimers = new KeyedTimerService<>(timers, NAMESPACE);
        collector.setOutput(out);
    }

    @Override
    public void processRecord1(final IN1 value, final long recordTimestamp) {
        processKeyedRecord1(value, recordTimestamp, keySelector.keyOf(value), -1);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord1(final IN1 value, final long recordTimestamp, final Object key, final int keyGroup) {
        backend.setCurrentKey((KS) key, keyGroup);
        timestamp = recordTimestamp;
        timeDomain = null;
        collector.setTimestamp(recordTimestamp);
        function.processElement(value, keyedContext, collector);
    }

    @Override
    public void processRecord2(final IN2 value, final long recordTimestamp) {
        timestamp = recordTimestamp;
        timeDomain = null;
        collector.setTimestamp(recordTimestamp);
        function.processBroadcastElement(value, broadcastContext, collector);
    }

    @Override
    public void onEventTime(final long time, final KS key, final Object namespace) {
        timestamp = time;
        timeDomain = TimeDomain.EVENT_TIME;
        collector.setTimestamp(time);
        function.onTimer(time, keyedContext, collector);
    }

    @Override
    public void onProcessingTime(final long time, final KS key, final Object namespace) {
        timestamp = time;
        timeDomain = TimeDomain.PROCESSING_TIME;
        collector.setTimestamp(Long.MIN_VALUE);
        function.onTimer(time, keyedContext, collector);
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

    /** @return the broadcast states of this instance */
    public BroadcastStates broadcastStates() {
        return states;
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

    /** @return keyed entries and broadcast entries of this instance */
    @Override
    public long stateEntries() {
        return backend.entryCount() + states.entryCount();
    }

    @Override
    public long stateOffHeapBytes() {
        return backend.offHeapBytes();
    }

    @Override
    public Map<String, String> fingerprint() {
        final Map<String, String> aspects = new LinkedHashMap<>();
        aspects.put("operator", "keyed broadcast process");
        aspects.put("broadcast states", stateNames());
        aspects.put("function", CheckpointedOperator.describe(function));
        return aspects;
    }

    private String stateNames() {
        final List<String> names = new ArrayList<>();
        for (final MapStateDescriptor<?, ?> descriptor : descriptors) {
            names.add(descriptor.name());
        }
        return names.toString();
    }

    @Override
    public KeyedStateBackend<?> keyedStateBackend() {
        return backend;
    }

    @Override
    public dev.weir.timer.TimerService<?, ?> timerService() {
        return timers;
    }

    @Override
    public void snapshotBroadcastState(final OperatorSnapshot snapshot) {
        states.snapshot(snapshot);
    }

    @Override
    public void restoreBroadcastStateEntry(final String stateName, final Object key, final Object value) {
        states.restoreEntry(stateName, key, value);
    }

    @SuppressWarnings("unchecked")
    private <S extends KeyedState> void applyToKeyedState(final StateDescriptor<S> descriptor, final KeyedStateFunction<KS, S> apply) {
        final String name = descriptor.name();
        final List<Object> keys = new ArrayList<>();
        backend.flush();
        backend.snapshot((stateName, keyGroup, key, namespace, value) -> {
            if (stateName.equals(name) && NAMESPACE.equals(namespace)) {
                keys.add(key);
            }
        });
        final S state = backend.state(descriptor);
        for (final Object key : keys) {
            backend.setCurrentKey((KS) key);
            state.setNamespace(NAMESPACE);
            apply.process((KS) key, state);
        }
    }

    /** The keyed side's context, for records and timers. */
    private final class KeyedContext implements KeyedBroadcastProcessFunction.OnTimerContext<KS> {
        @Override
        public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(final MapStateDescriptor<K, V> descriptor) {
            return states.readOnly(descriptor);
        }

        @Override
        public TimerService timerService() {
            return userTimers;
        }

        @Override
        public KS getCurrentKey() {
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
            return timers.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return timers.currentWatermark();
        }
    }

    /** The broadcast side's context. */
    private final class BroadcastContext implements KeyedBroadcastProcessFunction.Context<KS> {
        @Override
        public <K, V> BroadcastState<K, V> getBroadcastState(final MapStateDescriptor<K, V> descriptor) {
            return states.state(descriptor);
        }

        @Override
        public <S extends KeyedState> void applyToKeyedState(final StateDescriptor<S> descriptor, final KeyedStateFunction<KS, S> apply) {
            CoBroadcastWithKeyedOperator.this.applyToKeyedState(descriptor, apply);
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
            return timers.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return timers.currentWatermark();
        }
    }
}
