package dev.weir.operator;

import java.util.Objects;

/**
 * Runs a {@link CoFlatMapFunction} over two connected streams: every result of a record keeps
 * the record's timestamp; the combined watermark and status of both inputs are forwarded as they
 * arrive (docs/semantics.md §7). Stateless; not thread-safe: one instance per task.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the result type
 */
public final class CoFlatMapOperator<IN1, IN2, OUT> extends StatelessOperator<OUT> implements TwoInputOperator<IN1, IN2, OUT> {
    private final CoFlatMapFunction<IN1, IN2, OUT> function;
    private final StampingCollector<OUT> collector = new StampingCollector<>();

    /** @param function the user's function */
    public CoFlatMapOperator(final CoFlatMapFunction<IN1, IN2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void open(final OperatorContext context, final Output<OUT> out) {
        super.open(context, out);
        collector.setOutput(out);
    }

    @Override
    public void processRecord1(final IN1 value, final long timestamp) {
        collector.setTimestamp(timestamp);
        function.flatMap1(value, collector);
    }

    @Override
    public void processRecord2(final IN2 value, final long timestamp) {
        collector.setTimestamp(timestamp);
        function.flatMap2(value, collector);
    }
}
