package dev.weir.operator;

import java.util.Objects;

/**
 * Runs a {@link CoMapFunction} over two connected streams: each record's result keeps the
 * record's timestamp; the combined watermark and status of both inputs are forwarded as they
 * arrive (docs/semantics.md §7). Stateless; not thread-safe: one instance per task.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the result type
 */
public final class CoMapOperator<IN1, IN2, OUT> extends StatelessOperator<OUT> implements TwoInputOperator<IN1, IN2, OUT> {
    private final CoMapFunction<IN1, IN2, OUT> function;

    /** @param function the user's function */
    public CoMapOperator(final CoMapFunction<IN1, IN2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void processRecord1(final IN1 value, final long timestamp) {
        output().record(function.map1(value), timestamp);
    }

    @Override
    public void processRecord2(final IN2 value, final long timestamp) {
        output().record(function.map2(value), timestamp);
    }
}
