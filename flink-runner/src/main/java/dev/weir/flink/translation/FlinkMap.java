package dev.weir.flink.translation;

import java.util.function.Function;
import org.apache.flink.api.common.functions.MapFunction;

/** A Weir {@code map} step's function as Flink's; stateless, so as thread-safe as the user's function. */
final class FlinkMap implements MapFunction<Object, Object> {
    private static final long serialVersionUID = 1L;

    private final Function<Object, Object> mapper;

    @SuppressWarnings("unchecked")
    FlinkMap(final Function<?, ?> mapper) {
        this.mapper = (Function<Object, Object>) mapper;
    }

    @Override
    public Object map(final Object value) {
        return mapper.apply(value);
    }
}
