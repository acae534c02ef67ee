package dev.weir.flink.translation;

import dev.weir.operator.Collector;
import java.util.function.BiConsumer;
import org.apache.flink.api.common.functions.FlatMapFunction;

/**
 * A Weir {@code flatMap} step's function as Flink's: Weir's {@link Collector} of each call
 * forwards to Flink's. Stateless, so as thread-safe as the user's function.
 */
final class FlinkFlatMap implements FlatMapFunction<Object, Object> {
    private static final long serialVersionUID = 1L;

    private final BiConsumer<Object, Collector<Object>> function;

    @SuppressWarnings("unchecked")
    FlinkFlatMap(final BiConsumer<?, ?> function) {
        this.function = (BiConsumer<Object, Collector<Object>>) function;
    }

    @Override
    public void flatMap(final Object value, final org.apache.flink.util.Collector<Object> out) {
        function.accept(value, out::collect);
    }
}
