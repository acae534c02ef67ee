package dev.weir.flink.translation;

import dev.weir.operator.KeySelector;

/** A Weir {@code keyBy} step's key selector as Flink's; as thread-safe as the user's selector. */
final class FlinkKeySelector implements org.apache.flink.api.java.functions.KeySelector<Object, Object> {
    private static final long serialVersionUID = 1L;

    private final KeySelector<Object, Object> keys;

    @SuppressWarnings("unchecked")
    FlinkKeySelector(final KeySelector<?, ?> keys) {
        this.keys = (KeySelector<Object, Object>) keys;
    }

    @Override
    public Object getKey(final Object value) {
        return keys.keyOf(value);
    }
}
