package dev.weir.flink.state;

import dev.weir.state.ValueState;
import java.io.IOException;

/**
 * Weir's {@link ValueState} on Flink's: {@code value()} and {@code update(value)} call for call;
 * Flink's update with null clears, as Weir's. Not thread-safe.
 *
 * @param <T> the value type
 */
final class FlinkValueState<T> extends FlinkKeyedState<org.apache.flink.api.common.state.ValueState<T>> implements ValueState<T> {
    @Override
    public T value() {
        try {
            return flink().value();
        } catch (final IOException e) {
            throw failed("reading a value", e);
        }
    }

    @Override
    public void update(final T value) {
        try {
            flink().update(value);
        } catch (final IOException e) {
            throw failed("writing a value", e);
        }
    }
}
