package dev.weir.operator;

/**
 * Makes one operator instance per parallel instance of a pipeline stage.
 *
 * @param <IN> the input record type
 * @param <OUT> the output record type
 */
@FunctionalInterface
public interface OperatorFactory<IN, OUT> {
    /** @return a new, unopened operator */
    OneInputOperator<IN, OUT> create();
}
