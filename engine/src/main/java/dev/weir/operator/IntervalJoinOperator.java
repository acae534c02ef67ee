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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Flink's interval join of two keyed inputs (docs/semantics.md §7): it emits exactly the pairs of
 * a left and a right record of the same key with {@code right.ts} in
 * {@code [left.ts + lowerBound, left.ts + upperBound]}, each stamped {@code max(left.ts, right.ts)}.
 * An exclusive bound is made inclusive by one millisecond. A record below the operator's (combined)
 * watermark is late: it goes to its side's late side output if one is set, otherwise it is
 * dropped and counted; it is neither buffered nor joined. Every other record is buffered per key
 * and side in a {@link LongMapState} from timestamp to the records of that timestamp (in arrival
 * order), joined against the other side's buffer, and removed by an event-time timer at
 * {@code ts + upperBound} (left; {@code ts} when {@code upperBound <= 0}) or {@code ts - lowerBound}
 * (right; {@code ts} when {@code lowerBound >= 0}). Buckets are pooled: once the working set exists
 * a record allocates nothing. Its state is keyed state and timers, so it is checkpointed like any
 * keyed operator. Not thread-safe: one instance per task.
 *
 * @param <K> the key type
 * @param <IN1> the left record type
 * @param <IN2> the right record type
 * @param <OUT> the output type
 */
public final class IntervalJoinOperator<K, IN1, IN2, OUT>
        implements TwoInputOperator<IN1, IN2, OUT>, Triggerable<K, String>, OperatorStatistics, CheckpointedOperator {
    /** The state holding the left records by timestamp. */
    public static final String LEFT_BUFFER = "left-buffer";
    /** The state holding the right records by timestamp. */
    public static final String RIGHT_BUFFER = "right-buffer";
    /** The timer namespace of the left records' cleanup. */
    public static final String CLEANUP_LEFT = "cleanup-left";
    /** The timer namespace of the right records' cleanup. */
    public static final String CLEANUP_RIGHT = "cleanup-right";

    /** Emptied buckets kept for new timestamps, at most this many. */
    private static final int POOLED_BUCKETS = 4096;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final LongMapStateDescriptor<List<Object>> LEFT = new LongMapStateDescriptor<>(LEFT_BUFFER, (Class) List.class);
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final LongMapStateDescriptor<List<Object>> RIGHT = new LongMapStateDescriptor<>(RIGHT_BUFFER, (Class) List.class);

    private final KeySelector<? super IN1, K> leftKey;
    private final KeySelector<? super IN2, K> rightKey;
    private final long lowerBound;
    private final long upperBound;
    private final String boundsText;
    private final OutputTag<IN1> leftLateTag;
    private final OutputTag<IN2> rightLateTag;
    private final ProcessJoinFunction<IN1, IN2, OUT> function;
    private final PairContext context = new PairContext();
    private final PairCollector collector = new PairCollector();
    private final ArrayDeque<List<Object>> spareBuckets = new ArrayDeque<>();
    private final LongEntryConsumer<List<Object>> joinLeftWithRights = this::joinLeftWith;
    private final LongEntryConsumer<List<Object>> joinRightWithLefts = this::joinRightWith;
    private KeyedStateBackend<K> backend;
    private TimerService<K, String> timers;
    private LongMapState<List<Object>> leftBuffer;
    private LongMapState<List<Object>> rightBuffer;
    private Output<OUT> output;
    private Object arriving;
    private long arrivingTimestamp;
    private long rangeFrom;
    private long rangeTo;
    private long lateRecordsDropped;
    private long lateRecordsSideOutput;

    /**
     * @param leftKey the key of each left record
     * @param rightKey the key of each right record, of the same type and meaning
     * @param lowerBound the lowest {@code right.ts - left.ts} that joins
     * @param upperBound the highest {@code right.ts - left.ts} that joins; not below {@code lowerBound}
     * @param lowerBoundInclusive false to leave {@code lowerBound} itself out (Flink's {@code lowerBoundExclusive()})
     * @param upperBoundInclusive false to leave {@code upperBound} itself out (Flink's {@code upperBoundExclusive()})
     * @param leftLateTag where late left records go, or null to drop them
     * @param rightLateTag where late right records go, or null to drop them
     * @param function receives each pair
     * @throws IllegalArgumentException if {@code lowerBound > upperBound}
     */
    public IntervalJoinOperator(
            final KeySelector<? super IN1, K> leftKey,
            final KeySelector<? super IN2, K> rightKey,
            final long lowerBound,
            final long upperBound,
            final boolean lowerBoundInclusive,
            final boolean upperBoundInclusive,
            final OutputTag<IN1> leftLateTag,
            final OutputTag<IN2> rightLateTag,
            final ProcessJoinFunction<IN1, IN2, OUT> function) {
        if (lowerBound > upperBound) {
            throw new IllegalArgumentException("interval join: lowerBound <= upperBound must be fulfilled, but lowerBound is " + lowerBound
                    + " and upperBound is " + upperBound);
        }
        this.leftKey = Objects.requireNonNull(leftKey, "leftKey");
        this.rightKey = Objects.requireNonNull(rightKey, "rightKey");
        this.function = Objects.requireNonNull(function, "function");
        this.boundsText = (lowerBoundInclusive ? "[" : "(") + lowerBound + ", " + upperBound + (upperBoundInclusive ? "]" : ")");
        if ((!lowerBoundInclusive && lowerBound == Long.MAX_VALUE) || (!upperBoundInclusive && upperBound == Long.MIN_VALUE)) {
            // the exclusive bound has no neighbour inside long: no difference fits, as for (0, 0]
            this.lowerBound = 1;
            this.upperBound = 0;
        } else {
            this.lowerBound = lowerBoundInclusive ? lowerBound : lowerBound + 1;
            this.upperBound = upperBoundInclusive ? upperBound : upperBound - 1;
        }
        this.leftLateTag = leftLateTag;
        this.rightLateTag = rightLateTag;
    }

    @Override
    public void open(final OperatorContext operatorContext, final Output<OUT> out) {
        this.output = out;
        this.backend = operatorContext.createKeyedStateBackend();
        this.timers = new TimerService<>(operatorContext.clock(), backend);
        this.timers.setTarget(this);
        this.leftBuffer = backend.state(LEFT);
        this.leftBuffer.setNamespace(VoidNamespace.INSTANCE);
        this.rightBuffer = backend.state(RIGHT);
        this.rightBuffer.setNamespace(VoidNamespace.INSTANCE);
    }

    /** @return the lowest {@code right.ts - left.ts} that joins, exclusive bounds made inclusive */
    public long lowerBound() {
        return lowerBound;
    }

    /** @return the highest {@code right.ts - left.ts} that joins, exclusive bounds made inclusive */
    public long upperBound() {
        return upperBound;
    }

    @Override
    public void processRecord1(final IN1 value, final long timestamp) {
        if (admit(timestamp)) {
            backend.setCurrentKey(leftKey.keyOf(value));
            buffer(leftBuffer, value, timestamp);
            if (rightsOf(timestamp)) {
                arriving = value;
                arrivingTimestamp = timestamp;
                rightBuffer.forEach(rangeFrom, rangeTo, joinLeftWithRights);
            }
            timers.registerEventTimeTimer(CLEANUP_LEFT, upperBound <= 0 ? timestamp : after(timestamp, upperBound));
        } else if (leftLateTag != null) {
            lateRecordsSideOutput++;
            output.sideOutput(leftLateTag, value, timestamp);
        } else {
            lateRecordsDropped++;
        }
    }

    @Override
    public void processRecord2(final IN2 value, final long timestamp) {
        if (admit(timestamp)) {
            backend.setCurrentKey(rightKey.keyOf(value));
            buffer(rightBuffer, value, timestamp);
            if (leftsOf(timestamp)) {
                arriving = value;
                arrivingTimestamp = timestamp;
                leftBuffer.forEach(rangeFrom, rangeTo, joinRightWithLefts);
            }
            // ts - lowerBound, where a negative lowerBound moves the cleanup later
            timers.registerEventTimeTimer(CLEANUP_RIGHT, lowerBound >= 0 ? timestamp : after(timestamp, lowerBound));
        } else if (rightLateTag != null) {
            lateRecordsSideOutput++;
            output.sideOutput(rightLateTag, value, timestamp);
        } else {
            lateRecordsDropped++;
        }
    }

    /** @return false if the record is late: below the operator's watermark */
    private boolean admit(final long timestamp) {
        if (timestamp == Long.MIN_VALUE) {
            throw new MissingTimestampException("an interval join");
        }
        return timestamp >= timers.currentWatermark();
    }

    /** @return {@code timestamp + upperBound} (positive) or {@code timestamp - lowerBound} (negative), {@code Long.MAX_VALUE} past the end */
    private static long after(final long timestamp, final long bound) {
        final long time = bound > 0 ? timestamp + bound : timestamp - bound;
        return time < timestamp ? Long.MAX_VALUE : time;
    }

    private void buffer(final LongMapState<List<Object>> buffer, final Object value, final long timestamp) {
        final List<Object> bucket = buffer.get(timestamp);
        if (bucket != null) {
            bucket.add(value);
            return;
        }
        final List<Object> fresh = spareBuckets.isEmpty() ? new ArrayList<>(4) : spareBuckets.pop();
        fresh.add(value);
        buffer.putAt(timestamp, fresh);
    }

    /** Sets the range of right timestamps {@code [left + lowerBound, left + upperBound]} within long; false if it is empty there. */
    private boolean rightsOf(final long left) {
        long from = left + lowerBound;
        if (((left ^ from) & (lowerBound ^ from)) < 0) {
            if (lowerBound > 0) {
                return false;
            }
            from = Long.MIN_VALUE;
        }
        long to = left + upperBound;
        if (((left ^ to) & (upperBound ^ to)) < 0) {
            if (upperBound < 0) {
                return false;
            }
            to = Long.MAX_VALUE;
        }
        rangeFrom = from;
        rangeTo = to;
        return from <= to;
    }

    /** Sets the range of left timestamps {@code [right - upperBound, right - lowerBound]} within long; false if it is empty there. */
    private boolean leftsOf(final long right) {
        long from = right - upperBound;
        if (((right ^ upperBound) & (right ^ from)) < 0) {
            if (upperBound < 0) {
                return false;
            }
            from = Long.MIN_VALUE;
        }
        long to = right - lowerBound;
        if (((right ^ lowerBound) & (right ^ to)) < 0) {
            if (lowerBound > 0) {
                return false;
            }
            to = Long.MAX_VALUE;
        }
        rangeFrom = from;
        rangeTo = to;
        return from <= to;
    }

    @SuppressWarnings("unchecked")
    private void joinLeftWith(final long rightTimestamp, final List<Object> rights) {
        for (int i = 0; i < rights.size(); i++) {
            emit((IN1) arriving, (IN2) rights.get(i), arrivingTimestamp, rightTimestamp);
        }
    }

    @SuppressWarnings("unchecked")
    private void joinRightWith(final long leftTimestamp, final List<Object> lefts) {
        for (int i = 0; i < lefts.size(); i++) {
            emit((IN1) lefts.get(i), (IN2) arriving, leftTimestamp, arrivingTimestamp);
        }
    }

    private void emit(final IN1 left, final IN2 right, final long leftTimestamp, final long rightTimestamp) {
        context.leftTimestamp = leftTimestamp;
        context.rightTimestamp = rightTimestamp;
        context.timestamp = Math.max(leftTimestamp, rightTimestamp);
        function.processElement(left, right, context, collector);
    }

    @Override
    public void onEventTime(final long time, final K key, final String namespace) {
        if (CLEANUP_LEFT.equals(namespace)) {
            cleanUp(leftBuffer, time, upperBound <= 0 ? time : time - upperBound);
        } else if (CLEANUP_RIGHT.equals(namespace)) {
            cleanUp(rightBuffer, time, lowerBound >= 0 ? time : time + lowerBound);
        } else {
            throw new IllegalStateException("interval join: a timer of unknown namespace " + namespace);
        }
    }

    private void cleanUp(final LongMapState<List<Object>> buffer, final long time, final long timestamp) {
        if (time == Long.MAX_VALUE) {
            // cleanup times saturate at MAX: at that timer every bucket left on this side is due
            buffer.clear();
            return;
        }
        final List<Object> bucket = buffer.get(timestamp);
        if (bucket != null) {
            buffer.remove(timestamp);
            if (spareBuckets.size() < POOLED_BUCKETS) {
                bucket.clear();
                spareBuckets.push(bucket);
            }
        }
    }

    @Override
    public void onProcessingTime(final long time, final K key, final String namespace) {
        throw new IllegalStateException("interval join: it registers no processing-time timer, yet one fired at " + time);
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
    public long lateRecordsDropped() {
        return lateRecordsDropped;
    }

    @Override
    public long lateRecordsSideOutput() {
        return lateRecordsSideOutput;
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
        aspects.put("operator", "interval join");
        aspects.put("bounds", boundsText);
        aspects.put("left late data", leftLateTag == null ? "dropped" : "side output " + leftLateTag.id());
        aspects.put("right late data", rightLateTag == null ? "dropped" : "side output " + rightLateTag.id());
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

    private final class PairContext implements ProcessJoinFunction.Context {
        private long leftTimestamp;
        private long rightTimestamp;
        private long timestamp;

        @Override
        public long leftTimestamp() {
            return leftTimestamp;
        }

        @Override
        public long rightTimestamp() {
            return rightTimestamp;
        }

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, timestamp);
        }
    }

    private final class PairCollector implements Collector<OUT> {
        @Override
        public void collect(final OUT value) {
            output.record(value, context.timestamp);
        }
    }
}
