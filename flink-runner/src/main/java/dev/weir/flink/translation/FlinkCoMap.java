package dev.weir.flink.translation;


/** A Weir {@link dev.weir.operator.CoMapFunction} as Flink's {@code CoMapFunction}: each call forwarded. */
final class FlinkCoMap implements org.apache.flink.streaming.api.functions.co.CoMapFunction<Object, Object, Object> {
    private static final long serialVersionUID = 1L;

    private final dev.weir.operator.CoMapFunction<Object, Object, Object> function;

    @SuppressWarnings("unchecked")
    FlinkCoMap(final dev.weir.operator.CoMapFunction<?, ?, ?> function) {
        this.function = (dev.weir.operator.CoMapFunction<Object, Object, Object>) function;
    }

    @Override
    public Object map1(final Object value) {
        return function.map1(value);
    }

    @Override
    public Object map2(final Object value) {
        return function.map2(value);
    }
}
