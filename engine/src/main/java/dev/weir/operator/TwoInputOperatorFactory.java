package dev.weir.operator;

/**
 * Makes one two-input operator instance per parallel instance of a pipeline stage.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output record type
 */
@FunctionalInterface
public interface TwoInputOperatorFactory<IN1, IN2, OUT> {
    /** @return a new, unopened operator */
    TwoInputOperator<IN1, IN2, OUT> create();
}
