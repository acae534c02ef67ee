package dev.weir.flink.translation;

import dev.weir.operator.CoFlatMapFunction;
import org.apache.flink.util.Collector;

/** A Weir {@link CoFlatMapFunction} as Flink's: each call forwarded, Weir's collector over Flink's. */
final class FlinkCoFlatMap implements org.apache.flink.streaming.api.functions.co.CoFlatMapFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final CoFlatMapFunction<Object, Object, Object> function;
    private transient WeirCollector collector;

    @SuppressWarnings("unchecked")
    FlinkCoFlatMap(final CoFlatMapFunction<?, ?, ?> function) {
        this.function = (CoFlatMapFunction<Object, Object, Object>) function;
    }

    private WeirCollector collector(final Collector<Object> out) {
        if (collector == null) {
            collector = new WeirCollector();
        }
        return collector.enter(out);
    }

    @Override
    public void flatMap1(final Object value, final Collector<Object> out) {
        function.flatMap1(value, collector(out));
    }

    @Override
    public void flatMap2(final Object value, final Collector<Object> out) {
        function.flatMap2(value, collector(out));
    }
}
