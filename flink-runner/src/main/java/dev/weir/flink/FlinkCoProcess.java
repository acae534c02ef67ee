package dev.weir.flink;

import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TimerService;
import dev.weir.time.TimestampAssigner;
import org.apache.flink.util.Collector;

/**
 * A Weir {@link CoProcessFunction} as Flink's {@code CoProcessFunction}: each record calls the Weir
 * function with a Weir context over Flink's (the record's timestamp, Flink's processing time and
 * watermark; no timers, on either engine, on non-keyed streams; side outputs to Flink's tag of
 * the same id). One instance per Flink subtask, called by its task thread only.
 */
final class FlinkCoProcess extends org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final CoProcessFunction<Object, Object, Object> function;
    private transient Weir context;

    @SuppressWarnings("unchecked")
    FlinkCoProcess(final CoProcessFunction<?, ?, ?> function) {
        this.function = (CoProcessFunction<Object, Object, Object>) function;
    }

    private Weir enter(final Context ctx, final Collector<Object> out) {
        if (context == null) {
            context = new Weir();
        }
        context.flink = ctx;
        context.out.enter(out);
        return context;
    }

    @Override
    public void processElement1(final Object value, final Context ctx, final Collector<Object> out) {
        final Weir weir = enter(ctx, out);
        function.processElement1(value, weir, weir.out);
    }

    @Override
    public void processElement2(final Object value, final Context ctx, final Collector<Object> out) {
        final Weir weir = enter(ctx, out);
        function.processElement2(value, weir, weir.out);
    }

    /** The Weir context of the current record. */
    private static final class Weir implements CoProcessFunction.Context, TimerService {
        private final WeirCollector out = new WeirCollector();
        private final FlinkTags tags = new FlinkTags();
        private org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object>.Context flink;

        @Override
        public long timestamp() {
            final Long timestamp = flink.timestamp();
            return timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp;
        }

        @Override
        public TimerService timerService() {
            return this;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            flink.output(tags.flink(tag), value);
        }

        @Override
        public long currentProcessingTime() {
            return flink.timerService().currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return flink.timerService().currentWatermark();
        }

        @Override
        public void registerProcessingTimeTimer(final long time) {
            throw new UnsupportedOperationException("Setting timers is only supported on a keyed streams.");
        }

        @Override
        public void registerEventTimeTimer(final long time) {
            throw new UnsupportedOperationException("Setting timers is only supported on a keyed streams.");
        }

        @Override
        public void deleteProcessingTimeTimer(final long time) {
            throw new UnsupportedOperationException("Deleting timers is only supported on a keyed streams.");
        }

        @Override
        public void deleteEventTimeTimer(final long time) {
            throw new UnsupportedOperationException("Deleting timers is only supported on a keyed streams.");
        }
    }
}
