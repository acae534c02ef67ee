package dev.weir.runtime;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.state.StateBackend;
import dev.weir.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The operators one task runs, fused: each emits straight into the next, the last into the
 * chain's end (downstream channels or a sink). Owned by one thread.
 */
public final class OperatorChain {
    private final List<OneInputOperator<Object, Object>> operators = new ArrayList<>();
    private final ChainEnd<Object> end;

    /**
     * Creates and opens the operators, last first.
     *
     * @param names the operators' names, in chain order
     * @param factories the operators' factories, in chain order; may be empty
     * @param end where the last operator emits
     * @param sideOutputs where side outputs go
     * @param clock processing time
     * @param instance this task's instance index
     * @param parallelism the stage's parallelism
     * @param maxParallelism the number of key groups
     * @param stateBackend keyed state for the operators
     */
    @SuppressWarnings("unchecked")
    public OperatorChain(
            final List<String> names,
            final List<OperatorFactory<?, ?>> factories,
            final ChainEnd<?> end,
            final SideOutputs sideOutputs,
            final Clock clock,
            final int instance,
            final int parallelism,
            final int maxParallelism,
            final StateBackend stateBackend) {
        this.end = (ChainEnd<Object>) end;
        final List<OneInputOperator<Object, Object>> created = new ArrayList<>();
        for (final OperatorFactory<?, ?> factory : factories) {
            created.add((OneInputOperator<Object, Object>) factory.create());
        }
        Output<Object> output = this.end;
        for (int i = created.size() - 1; i >= 0; i--) {
            final OneInputOperator<Object, Object> operator = created.get(i);
            operator.open(new OperatorContext(names.get(i), clock, instance, parallelism, maxParallelism, stateBackend), output);
            output = new ChainingOutput<>(operator, sideOutputs);
        }
        operators.addAll(created);
    }

    /**
     * @param value a record entering the chain
     * @param timestamp its event time
     */
    public void record(final Object value, final long timestamp) {
        if (operators.isEmpty()) {
            end.record(value, timestamp);
        } else {
            operators.get(0).processRecord(value, timestamp);
        }
    }

    /** @param watermark a watermark entering the chain */
    public void watermark(final long watermark) {
        if (operators.isEmpty()) {
            end.watermark(watermark);
        } else {
            operators.get(0).processWatermark(watermark);
        }
    }

    /** @param status a status change entering the chain */
    public void status(final WatermarkStatus status) {
        if (operators.isEmpty()) {
            end.status(status);
        } else {
            operators.get(0).processStatus(status);
        }
    }

    /** @return when the next processing-time timer of any operator is due */
    public long nextProcessingTime() {
        long next = Long.MAX_VALUE;
        for (int i = 0; i < operators.size(); i++) {
            next = Math.min(next, operators.get(i).nextProcessingTime());
        }
        return next;
    }

    /** @param nowMillis fires every operator's processing-time timers due by then */
    public void advanceProcessingTime(final long nowMillis) {
        for (int i = 0; i < operators.size(); i++) {
            final OneInputOperator<Object, Object> operator = operators.get(i);
            if (operator.nextProcessingTime() <= nowMillis) {
                operator.advanceProcessingTime(nowMillis);
            }
        }
    }

    /** End of input: every operator in chain order, then the chain's end. */
    public void endInput() {
        for (final OneInputOperator<Object, Object> operator : operators) {
            operator.endInput();
        }
        end.end();
    }

    /** Closes every operator. */
    public void close() {
        for (final OneInputOperator<Object, Object> operator : operators) {
            operator.close();
        }
    }

    /** @return the operators, in chain order, for metrics */
    public List<OneInputOperator<Object, Object>> operators() {
        return operators;
    }

    /** @return the chain's end */
    public ChainEnd<Object> end() {
        return end;
    }
}
