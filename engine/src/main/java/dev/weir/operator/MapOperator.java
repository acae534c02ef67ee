package dev.weir.operator;

import java.util.function.Function;

/**
 * A stateless one-to-one transformation, fused into its upstream task.
 *
 * @param <IN> the input type
 * @param <OUT> the output type
 */
public final class MapOperator<IN, OUT> extends StatelessOperator<OUT> implements OneInputOperator<IN, OUT> {
    private final Function<? super IN, ? extends OUT> mapper;

    /** @param mapper the transformation */
    public MapOperator(final Function<? super IN, ? extends OUT> mapper) {
        this.mapper = mapper;
    }

    @Override
    public void processRecord(final IN value, final long timestamp) {
        output().record(mapper.apply(value), timestamp);
    }
}
