package dev.weir.operator;

import java.util.function.BiConsumer;

/**
 * A stateless one-to-many transformation (filters are flat maps that emit zero or one),
 * fused into its upstream task. Results keep the input record's timestamp.
 *
 * @param <IN> the input type
 * @param <OUT> the output type
 */
public final class FlatMapOperator<IN, OUT> extends StatelessOperator<OUT> implements OneInputOperator<IN, OUT> {
    private final BiConsumer<? super IN, Collector<OUT>> function;
    private final StampingCollector<OUT> collector = new StampingCollector<>();

    /** @param function emits zero or more results per record */
    public FlatMapOperator(final BiConsumer<? super IN, Collector<OUT>> function) {
        this.function = function;
    }

    @Override
    public void open(final OperatorContext context, final Output<OUT> out) {
        super.open(context, out);
        collector.setOutput(out);
    }

    @Override
    public void processRecord(final IN value, final long timestamp) {
        collector.setTimestamp(timestamp);
        function.accept(value, collector);
    }
}
