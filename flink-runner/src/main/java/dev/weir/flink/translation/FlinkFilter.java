package dev.weir.flink.translation;

import java.util.function.Predicate;
import org.apache.flink.api.common.functions.FilterFunction;

/** A Weir {@code filter} step's predicate as Flink's; stateless, so as thread-safe as the user's predicate. */
final class FlinkFilter implements FilterFunction<Object> {
    private static final long serialVersionUID = 1L;

    private final Predicate<Object> predicate;

    @SuppressWarnings("unchecked")
    FlinkFilter(final Predicate<?> predicate) {
        this.predicate = (Predicate<Object>) predicate;
    }

    @Override
    public boolean filter(final Object value) {
        return predicate.test(value);
    }
}
