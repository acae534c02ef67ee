package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;
import dev.weir.operator.TwoInputOperatorFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A two-input operator at the head of a two-input stage's {@link OperatorChain}: the chain sees
 * a first operator like any other (opened, timers, end of input, close, metrics, checkpoints of
 * its state), while the task hands records of input 1 to {@link #processRecord} and of input 2 to
 * {@link #processRecord2}. The watermark it gets is already the combination of both inputs
 * ({@link dev.weir.runtime.task.TwoInputOperatorInput}). Not thread-safe: owned by the task.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output record type
 */
public final class TwoInputChainHead<IN1, IN2, OUT> implements OneInputOperator<IN1, OUT> {
    private final TwoInputOperator<IN1, IN2, OUT> operator;

    private TwoInputChainHead(final TwoInputOperator<IN1, IN2, OUT> operator) {
        this.operator = operator;
    }

    /**
     * @param factory makes the two-input operator of each instance
     * @param <IN1> the first input's record type
     * @param <IN2> the second input's record type
     * @param <OUT> the output record type
     * @return a factory of chain heads, each over a new operator
     */
    public static <IN1, IN2, OUT> OperatorFactory<IN1, OUT> factory(final TwoInputOperatorFactory<IN1, IN2, OUT> factory) {
        return () -> new TwoInputChainHead<>(factory.create());
    }

    /**
     * @param operator an operator of a chain
     * @return the two-input operator it stands for, or the operator itself: what statistics and checkpoints look at
     */
    static Object unwrap(final Object operator) {
        return operator instanceof TwoInputChainHead<?, ?, ?> head ? head.operator : operator;
    }

    /**
     * @param operators the operators of a chain
     * @return each of them {@link #unwrap unwrapped}, in chain order (a new list: for checkpoints, not for a hot path)
     */
    static List<Object> unwrapped(final List<? extends OneInputOperator<?, ?>> operators) {
        final List<Object> unwrapped = new ArrayList<>(operators.size());
        for (final OneInputOperator<?, ?> operator : operators) {
            unwrapped.add(unwrap(operator));
        }
        return unwrapped;
    }

    /** @return the two-input operator */
    public TwoInputOperator<IN1, IN2, OUT> operator() {
        return operator;
    }

    @Override
    public void open(final OperatorContext context, final Output<OUT> output) {
        operator.open(context, output);
    }

    /** A record of input 1. */
    @Override
    public void processRecord(final IN1 value, final long timestamp) {
        operator.processRecord1(value, timestamp);
    }

    /** A keyed record of input 1. */
    @Override
    public void processKeyedRecord(final IN1 value, final long timestamp, final Object key, final int keyGroup) {
        operator.processKeyedRecord1(value, timestamp, key, keyGroup);
    }

    /**
     * @param value a record of input 2
     * @param timestamp its event time
     */
    public void processRecord2(final IN2 value, final long timestamp) {
        operator.processRecord2(value, timestamp);
    }

    /**
     * @param value a keyed record of input 2
     * @param timestamp its event time
     * @param key its key under input 2's key selector
     * @param keyGroup its key group, or -1
     */
    public void processKeyedRecord2(final IN2 value, final long timestamp, final Object key, final int keyGroup) {
        operator.processKeyedRecord2(value, timestamp, key, keyGroup);
    }

    @Override
    public void processWatermark(final long watermark) {
        operator.processWatermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        operator.processStatus(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        operator.advanceProcessingTime(nowMillis);
    }

    @Override
    public long nextProcessingTime() {
        return operator.nextProcessingTime();
    }

    @Override
    public void endInput() {
        operator.endInput();
    }

    @Override
    public void close() {
        operator.close();
    }
}
