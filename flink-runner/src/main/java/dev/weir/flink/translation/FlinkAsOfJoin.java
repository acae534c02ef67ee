package dev.weir.flink.translation;

import dev.weir.event.MissingTimestampException;
import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.OutputTag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.util.Collector;

/**
 * Weir's as-of join (docs/joins.md, "As-of join") as a Flink {@code KeyedCoProcessFunction} over
 * keyed connected streams, with Flink keyed state and event-time timers: input 1 the left side,
 * input 2 the right versions. A left record waits in a map state by timestamp until the watermark
 * reaches it (a timer at its timestamp), then goes to the Weir function with the right version of
 * its key with the greatest timestamp not above its own (the last arrived of one timestamp, since a
 * later one replaces it), or null; a left record at or below the watermark is joined at once.
 * Right versions are kept by timestamp; when the watermark passes a version's timestamp the older
 * ones go. A right record at or below the watermark is kept only if no kept version lies between
 * it and the watermark, and then the older ones go. So every rule of Weir's
 * {@code AsOfJoinOperator} holds, and the results are the same, stamped with the left
 * timestamp. One instance per Flink subtask, called by its task thread only.
 */
final class FlinkAsOfJoin extends org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object> {
    private static final long serialVersionUID = 1L;
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final AsOfJoinFunction<Object, Object, Object> function;
    private transient MapState<Long, List<Object>> leftBuffer;
    private transient MapState<Long, Object> rightVersions;
    private transient Join context;

    @SuppressWarnings("unchecked")
    FlinkAsOfJoin(final AsOfJoinFunction<?, ?, ?> function) {
        this.function = (AsOfJoinFunction<Object, Object, Object>) function;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void open(final OpenContext openContext) {
        leftBuffer = getRuntimeContext().getMapState(new MapStateDescriptor<>("left-buffer", Types.LONG, (TypeInformation) Types.LIST(ANY)));
        rightVersions = getRuntimeContext().getMapState(new MapStateDescriptor<>("right-versions", Types.LONG, ANY));
        context = new Join();
    }

    private static long timestampOf(final Long timestamp) {
        if (timestamp == null) {
            throw new MissingTimestampException("an as-of join");
        }
        return timestamp;
    }

    @Override
    public void processElement1(final Object value, final Context ctx, final Collector<Object> out) throws Exception {
        final long timestamp = timestampOf(ctx.timestamp());
        if (timestamp <= ctx.timerService().currentWatermark()) {
            emit(value, timestamp, ctx, out);
            return;
        }
        List<Object> bucket = leftBuffer.get(timestamp);
        if (bucket == null) {
            bucket = new ArrayList<>(4);
            ctx.timerService().registerEventTimeTimer(timestamp);
        }
        bucket.add(value);
        leftBuffer.put(timestamp, bucket);
    }

    @Override
    public void processElement2(final Object value, final Context ctx, final Collector<Object> out) throws Exception {
        final long timestamp = timestampOf(ctx.timestamp());
        final long watermark = ctx.timerService().currentWatermark();
        if (timestamp > watermark) {
            rightVersions.put(timestamp, value);
            ctx.timerService().registerEventTimeTimer(timestamp);
            return;
        }
        // late: it replaces the newest version <= watermark only if it is not older than that one
        final Long newest = latest(watermark);
        if (newest != null && newest > timestamp) {
            return; // no left record could ever pick it: dropped, as on Weir
        }
        rightVersions.put(timestamp, value);
        removeVersionsBefore(timestamp);
    }

    @Override
    public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<Object> out) throws Exception {
        final List<Object> bucket = leftBuffer.get(timestamp);
        if (bucket != null) {
            for (final Object left : bucket) {
                emit(left, timestamp, ctx, out);
            }
            leftBuffer.remove(timestamp);
        }
        if (rightVersions.contains(timestamp)) {
            // the cleanup of a version: the watermark passed it, so the versions before it are no longer needed
            removeVersionsBefore(timestamp);
        }
    }

    private void emit(final Object left, final long timestamp, final Context ctx, final Collector<Object> out) throws Exception {
        final Long version = latest(timestamp);
        context.flink = ctx;
        context.timestamp = timestamp;
        context.rightTimestamp = version == null ? Long.MIN_VALUE : version;
        context.out.enter(out);
        function.join(left, version == null ? null : rightVersions.get(version), context, context.out);
    }

    /** @return the current key's greatest version timestamp {@code <= timestamp}, or null */
    private Long latest(final long timestamp) throws Exception {
        Long found = null;
        for (final Long version : rightVersions.keys()) {
            if (version <= timestamp && (found == null || version > found)) {
                found = version;
            }
        }
        return found;
    }

    /** Removes the current key's versions older than {@code timestamp}. */
    private void removeVersionsBefore(final long timestamp) throws Exception {
        final List<Long> stale = new ArrayList<>();
        for (final Map.Entry<Long, Object> version : rightVersions.entries()) {
            if (version.getKey() < timestamp) {
                stale.add(version.getKey());
            }
        }
        for (final Long version : stale) {
            rightVersions.remove(version);
        }
    }

    /** The Weir context of one left record's join. */
    private static final class Join implements AsOfJoinFunction.Context {
        private final WeirCollector out = new WeirCollector();
        private final FlinkTags tags = new FlinkTags();
        private org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object>.Context flink;
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
            return flink.getCurrentKey();
        }

        @Override
        public long currentWatermark() {
            return flink.timerService().currentWatermark();
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            flink.output(tags.flink(tag), value);
        }
    }
}
