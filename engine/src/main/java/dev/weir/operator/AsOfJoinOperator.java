package dev.weir.operator;

import dev.weir.event.MissingTimestampException;
import dev.weir.event.WatermarkStatus;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.LongEntryConsumer;
import dev.weir.state.LongMapState;
import dev.weir.state.LongMapStateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.timer.TimerService;
import dev.weir.timer.Triggerable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The as-of join of two keyed inputs (docs/joins.md, "As-of join"), as kdb+'s {@code aj} and Flink SQL's
 * event-time temporal join ({@code FOR SYSTEM_TIME AS OF}): input 1 is the left side, input 2 the
 * right side, a history of versions per key. Each left record is emitted once the operator's
 * (combined) watermark reaches its timestamp, with the right record of its key that was current
 * then: the greatest right timestamp {@code <= left.ts}, of several with that timestamp the one
 * that arrived last, or none (the function gets null). Results carry the left record's timestamp.
 *
 * <p><b>Order.</b> Within one watermark, left records come by timestamp; for one timestamp, key by
 * key in the order in which each key's first left record of that timestamp arrived (after a
 * restore, in the order the restored timers came back), and a key's records in arrival order.
 *
 * <p><b>Versions.</b> Right records are kept per key by timestamp, one per timestamp (a later one
 * of the same timestamp replaces it). Once the watermark passes a version's timestamp the
 * versions before it are removed: the newest version {@code <= watermark} and every newer one
 * stay, which is all a left record that is not late can need. A key's newest version stays
 * for good (there is no state time-to-live).
 *
 * <p><b>Late records.</b> A left record whose timestamp is at or below the watermark when it
 * arrives is joined at once with the versions kept (so with none if it is older than all of
 * them) and counted in {@link #lateLeftRecordsJoined()} (Flink SQL keeps such a record until the
 * next watermark and joins it then with the versions it kept). A right record at or below
 * the watermark is kept if no kept version of its key lies between it and the watermark (it then
 * becomes the newest version {@code <= watermark} and older versions go); otherwise no left
 * record could ever pick it, and it is dropped and counted in {@link #lateRecordsDropped()}.
 * A record with no timestamp ({@code Long.MIN_VALUE}) is an error.
 *
 * <p>State: left records in a {@link LongMapState} of pooled buckets by timestamp, right versions
 * in a {@link LongMapState} by timestamp; an event-time timer per (key, left timestamp) emits and
 * one per (key, right timestamp) cleans up. Both are keyed state and timers, so the operator is
 * checkpointed, restored and rescaled by key group like any keyed operator. Once its working set
 * exists it allocates nothing per record on the heap backend. Not thread-safe: one instance per task.
 *
 * @param <K> the key type
 * @param <L> the left record type
 * @param <R> the right record type
 * @param <OUT> the output type
 */
public final class AsOfJoinOperator<K, L, R, OUT>
        implements TwoInputOperator<L, R, OUT>, Triggerable<K, String>, OperatorStatistics, CheckpointedOperator {
    /** The state holding the left records waiting for the watermark, by timestamp. */
    public static final String LEFT_BUFFER = "left-buffer";
    /** The state holding the right versions, by timestamp. */
    public static final String RIGHT_VERSIONS = "right-versions";
    /** The timer namespace of the left records' emission. */
    public static final String EMIT_LEFT = "emit-left";
    /** The timer namespace of the right versions' cleanup. */
    public static final String CLEANUP_RIGHT = "cleanup-right";

    /** Emptied buckets kept for new timestamps, at most this many. */
    private static final int POOLED_BUCKETS = 4096;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final LongMapStateDescriptor<List<Object>> LEFT = new LongMapStateDescriptor<>(LEFT_BUFFER, (Class) List.class);
    private static final LongMapStateDescriptor<Object> RIGHT = new LongMapStateDescriptor<>(RIGHT_VERSIONS, Object.class);

    private final KeySelector<? super L, K> leftKey;
    private final KeySelector<? super R, K> rightKey;
    private final AsOfJoinFunction<L, R, OUT> function;
    private final JoinContext context = new JoinContext();
    private final JoinCollector collector = new JoinCollector();
    private final ArrayDeque<List<Object>> spareBuckets = new ArrayDeque<>();
    private final LongEntryConsumer<Object> latestVersion = this::seeVersion;
    private final LongEntryConsumer<Object> staleVersion = this::seeStaleVersion;
    private KeyedStateBackend<K> backend;
    private TimerService<K, String> timers;
    private LongMapState<List<Object>> leftBuffer;
    private LongMapState<Object> rightVersions;
    private Output<OUT> output;
    /** The version {@link #latest} found: its value and timestamp, or null. */
    private Object foundVersion;
    private long foundTimestamp;
    /** The timestamps of the versions {@link #removeVersionsBefore} removes, reused. */
    private long[] stale = new long[8];
    private int staleCount;
    private long lateRecordsDropped;
    private long lateLeftRecordsJoined;

    /**
     * @param leftKey the key of each left record (input 1)
     * @param rightKey the key of each right record (input 2), of the same type and meaning
     * @param function receives each left record with its right version or null
     */
    public AsOfJoinOperator(final KeySelector<? super L, K> leftKey, final KeySelector<? super R, K> rightKey,
            final AsOfJoinFunction<L, R, OUT> function) {
        this.leftKey = Objects.requireNonNull(leftKey, "leftKey");
        this.rightKey = Objects.requireNonNull(rightKey, "rightKey");
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.backend = operatorContext.createKeyedStateBackend();
        this.timers = new TimerService<>(operatorContext.clock(), backend);
        this.timers.setTarget(this);
        this.leftBuffer = backend.state(LEFT);
        this.leftBuffer.setNamespace(VoidNamespace.INSTANCE);
        this.rightVersions = backend.state(RIGHT);
        this.rightVersions.setNamespace(VoidNamespace.INSTANCE);
    }

    @Override
    public void processRecord1(final L value, final long timestamp) {
        requireTimestamp(timestamp);
        backend.setCurrentKey(leftKey.keyOf(value));
        left(value, timestamp);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord1(final L value, final long timestamp, final Object key, final int keyGroup) {
        requireTimestamp(timestamp);
        backend.setCurrentKey((K) key, keyGroup);
        left(value, timestamp);
    }

    @Override
    public void processRecord2(final R value, final long timestamp) {
        requireTimestamp(timestamp);
        backend.setCurrentKey(rightKey.keyOf(value));
        right(value, timestamp);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord2(final R value, final long timestamp, final Object key, final int keyGroup) {
        requireTimestamp(timestamp);
        backend.setCurrentKey((K) key, keyGroup);
        right(value, timestamp);
    }

    private static void requireTimestamp(final long timestamp) {
        if (timestamp == Long.MIN_VALUE) {
            throw new MissingTimestampException("an as-of join");
        }
    }

    /** A left record of the current key. */
    private void left(final L value, final long timestamp) {
        if (timestamp <= timers.currentWatermark()) {
            lateLeftRecordsJoined++;
            emit(value, timestamp);
            return;
        }
        final List<Object> bucket = leftBuffer.get(timestamp);
        if (bucket != null) {
            bucket.add(value);
            return;
        }
        final List<Object> fresh = spareBuckets.isEmpty() ? new ArrayList<>(4) : spareBuckets.pop();
        fresh.add(value);
        leftBuffer.putAt(timestamp, fresh);
        timers.registerEventTimeTimer(EMIT_LEFT, timestamp);
    }

    /** A right record of the current key. */
    private void right(final R value, final long timestamp) {
        final long watermark = timers.currentWatermark();
        if (timestamp > watermark) {
            rightVersions.putAt(timestamp, value);
            timers.registerEventTimeTimer(CLEANUP_RIGHT, timestamp);
            return;
        }
        // late: it replaces the newest version <= watermark only if it is not older than that one
        latest(watermark);
        if (foundVersion != null && foundTimestamp > timestamp) {
            foundVersion = null;
            lateRecordsDropped++;
            return;
        }
        foundVersion = null;
        rightVersions.putAt(timestamp, value);
        removeVersionsBefore(timestamp);
    }

    /** Emits a left record of the current key with the version current at its timestamp. */
    @SuppressWarnings("unchecked")
    private void emit(final L value, final long timestamp) {
        latest(timestamp);
        context.timestamp = timestamp;
        context.rightTimestamp = foundVersion == null ? Long.MIN_VALUE : foundTimestamp;
        final R right = (R) foundVersion;
        foundVersion = null;
        function.join(value, right, context, collector);
    }

    /** Finds the current key's version with the greatest timestamp {@code <= timestamp} into {@link #foundVersion}. */
    private void latest(final long timestamp) {
        foundVersion = null;
        rightVersions.forEach(Long.MIN_VALUE, timestamp, latestVersion);
    }

    private void seeVersion(final long timestamp, final Object version) {
        foundVersion = version;
        foundTimestamp = timestamp;
    }

    private void seeStaleVersion(final long timestamp, final Object version) {
        if (staleCount == stale.length) {
            stale = Arrays.copyOf(stale, staleCount * 2);
        }
        stale[staleCount++] = timestamp;
    }

    /** Removes the current key's versions older than {@code timestamp}. */
    private void removeVersionsBefore(final long timestamp) {
        staleCount = 0;
        rightVersions.forEach(Long.MIN_VALUE, timestamp - 1, staleVersion);
        for (int i = 0; i < staleCount; i++) {
            rightVersions.remove(stale[i]);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onEventTime(final long time, final K key, final String namespace) {
        if (EMIT_LEFT.equals(namespace)) {
            final List<Object> bucket = leftBuffer.get(time);
            if (bucket == null) {
                return;
            }
            for (int i = 0; i < bucket.size(); i++) {
                emit((L) bucket.get(i), time);
            }
            leftBuffer.remove(time);
            if (spareBuckets.size() < POOLED_BUCKETS) {
                bucket.clear();
                spareBuckets.push(bucket);
            }
        } else if (CLEANUP_RIGHT.equals(namespace)) {
            removeVersionsBefore(time);
        } else {
            throw new IllegalStateException("as-of join: a timer of unknown namespace " + namespace);
        }
    }

    @Override
    public void onProcessingTime(final long time, final K key, final String namespace) {
        throw new IllegalStateException("as-of join: it registers no processing-time timer, yet one fired at " + time);
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

    /** @return late right records dropped: a kept version of their key lay between them and the watermark */
    @Override
    public long lateRecordsDropped() {
        return lateRecordsDropped;
    }

    /** @return left records that arrived at or below the watermark and were joined at once */
    public long lateLeftRecordsJoined() {
        return lateLeftRecordsJoined;
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
        aspects.put("operator", "as-of join");
        aspects.put("late left data", "joined at once");
        aspects.put("function", CheckpointedOperator.describe(function));
        return aspects;
    }

    @Override
    public KeyedStateBackend<?> keyedStateBackend() {
        return backend;
    }

    @Override
    public TimerService<?, ?> timerService() {
        return timers;
    }

    private final class JoinContext implements AsOfJoinFunction.Context {
        private long timestamp;
        private long rightTimestamp;

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public long rightTimestamp() {
            return rightTimestamp;
        }

        @Override
        public Object currentKey() {
            return backend.currentKey();
        }

        @Override
        public long currentWatermark() {
            return timers.currentWatermark();
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }
    }

    private final class JoinCollector implements Collector<OUT> {
        @Override
        public void collect(final OUT value) {
            output.record(value, context.timestamp);
        }
    }
}
