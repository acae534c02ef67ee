package dev.weir.flink.translation;

import dev.weir.operator.OutputTag;
import dev.weir.operator.ProcessJoinFunction;
import org.apache.flink.util.Collector;

/**
 * A Weir {@link ProcessJoinFunction} as Flink's, for Flink's own interval join
 * ({@code KeyedStream.intervalJoin}): each pair calls the Weir function with a Weir context over
 * Flink's (both timestamps, the pair's, side outputs to Flink's tag of the same id). One instance
 * per Flink subtask, called by its task thread only.
 */
final class FlinkProcessJoin extends org.apache.flink.streaming.api.functions.co.ProcessJoinFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final ProcessJoinFunction<Object, Object, Object> function;
    private transient Weir context;

    @SuppressWarnings("unchecked")
    FlinkProcessJoin(final ProcessJoinFunction<?, ?, ?> function) {
        this.function = (ProcessJoinFunction<Object, Object, Object>) function;
    }

    @Override
    public void processElement(final Object left, final Object right, final Context ctx, final Collector<Object> out) {
        if (context == null) {
            context = new Weir();
        }
        context.flink = ctx;
        context.out.enter(out);
        function.processElement(left, right, context, context.out);
    }

    /** The Weir context of the current pair. */
    private static final class Weir implements ProcessJoinFunction.Context {
        private final WeirCollector out = new WeirCollector();
        private final FlinkTags tags = new FlinkTags();
        private org.apache.flink.streaming.api.functions.co.ProcessJoinFunction<Object, Object, Object>.Context flink;

        @Override
        public long leftTimestamp() {
            return flink.getLeftTimestamp();
        }

        @Override
        public long rightTimestamp() {
            return flink.getRightTimestamp();
        }

        @Override
        public long timestamp() {
            return flink.getTimestamp();
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            flink.output(tags.flink(tag), value);
        }
    }
}
