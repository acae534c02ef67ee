package dev.weir.runtime.chain;

import dev.weir.clock.Clock;
import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.metrics.WatermarkLag;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.state.StateBackend;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The operators one task runs, fused: each emits straight into the next, the last into the
 * chain's end (downstream channels or a sink). It is the {@link WatermarkSink} of whatever feeds
 * the task's watermarks: the valve of a keyed task, a source's watermark generator. Owned by one thread; its metrics
 * ({@link #recordsIn()}, {@link #operatorMetrics(long)}, ...) may be read from any thread.
 */
public final class OperatorChain implements WatermarkSink {
    private final List<OneInputOperator<Object, Object>> operators = new ArrayList<>();
    private final List<OneInputOperator<Object, Object>> operatorsView = Collections.unmodifiableList(operators);
    private final List<String> names;
    private final ChainEnd<Object> end;
    /** This task's side outputs: told of its barriers, its end and its close. */
    private final SideOutputs sideOutputs;
    /** links[i] enters operator i; links[n] leaves the chain. */
    private final ChainLink[] links;
    private final OperatorGauges[] gauges;
    /** What the operators read processing time from. */
    private final EndOfInputClock processingTime;
    /** The first operator, or null when the chain has none. */
    private final OneInputOperator<Object, Object> head;
    /** Events the last {@link #drainOutput()} moved. */
    private int drained;

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
        this.sideOutputs = sideOutputs;
        this.processingTime = new EndOfInputClock(clock);
        this.names = List.copyOf(names.subList(0, factories.size()));
        final List<OneInputOperator<Object, Object>> created = new ArrayList<>();
        for (final OperatorFactory<?, ?> factory : factories) {
            created.add((OneInputOperator<Object, Object>) factory.create());
        }
        this.links = new ChainLink[created.size() + 1];
        this.gauges = new OperatorGauges[created.size()];
        for (int i = 0; i < links.length; i++) {
            links[i] = new ChainLink();
        }
        Output<Object> output = new ChainExit(this.end, links[created.size()]);
        for (int i = created.size() - 1; i >= 0; i--) {
            final OneInputOperator<Object, Object> operator = created.get(i);
            operator.open(new OperatorContext(names.get(i), processingTime, instance, parallelism, maxParallelism, stateBackend), output);
            output = new ChainingOutput<>(operator, sideOutputs, links[i]);
            gauges[i] = new OperatorGauges(TwoInputChainHead.unwrap(operator));
        }
        operators.addAll(created);
        this.head = created.isEmpty() ? null : created.get(0);
    }

    /**
     * @param value a record entering the chain
     * @param timestamp its event time
     */
    public void record(final Object value, final long timestamp) {
        links[0].records.increment();
        if (head == null) {
            end.record(value, timestamp);
        } else {
            head.processRecord(value, timestamp);
        }
    }

    /**
     * A record of a keyed edge: the chain's first operator gets the key the edge routed it by
     * (see {@link OneInputOperator#processKeyedRecord}).
     *
     * @param value a record entering the chain
     * @param timestamp its event time
     * @param key its key under the edge's key selector
     * @param keyGroup its key group, or -1 when not computed
     */
    public void keyedRecord(final Object value, final long timestamp, final Object key, final int keyGroup) {
        links[0].records.increment();
        if (head == null) {
            end.record(value, timestamp);
        } else {
            head.processKeyedRecord(value, timestamp, key, keyGroup);
        }
    }

    /**
     * A record of input 2 of a two-input stage: the chain's first operator is a {@link TwoInputChainHead}.
     *
     * @param value a record entering the chain
     * @param timestamp its event time
     * @param key its key under input 2's key selector, or null for a record of a non-keyed edge
     * @param keyGroup its key group, or -1 when not computed
     */
    @SuppressWarnings("unchecked")
    public void record2(final Object value, final long timestamp, final Object key, final int keyGroup) {
        links[0].records.increment();
        final TwoInputChainHead<Object, Object, Object> twoInput = (TwoInputChainHead<Object, Object, Object>) (Object) head;
        if (key == null) {
            twoInput.processRecord2(value, timestamp);
        } else {
            twoInput.processKeyedRecord2(value, timestamp, key, keyGroup);
        }
    }

    /** @param watermark a watermark entering the chain */
    @Override
    public void watermark(final long watermark) {
        links[0].watermark.set(watermark);
        if (operators.isEmpty()) {
            end.watermark(watermark);
        } else {
            operators.get(0).processWatermark(watermark);
        }
    }

    /** @param status a status change entering the chain */
    @Override
    public void status(final WatermarkStatus status) {
        if (operators.isEmpty()) {
            end.status(status);
        } else {
            operators.get(0).processStatus(status);
        }
    }

    /** @return when the next processing-time timer of any operator is due, or of an inline stage behind the chain's end */
    public long nextProcessingTime() {
        long next = end.nextProcessingTime();
        for (int i = 0; i < operators.size(); i++) {
            next = Math.min(next, operators.get(i).nextProcessingTime());
        }
        return next;
    }

    /**
     * Fires every operator's processing-time timers due by then, in chain order, then those of an
     * inline stage behind the chain's end (what they emit reaches it before its own timers fire).
     *
     * @param nowMillis processing time
     */
    public void advanceProcessingTime(final long nowMillis) {
        fireOperatorTimers(nowMillis);
        end.advanceProcessingTime(nowMillis);
    }

    private void fireOperatorTimers(final long nowMillis) {
        for (int i = 0; i < operators.size(); i++) {
            final OneInputOperator<Object, Object> operator = operators.get(i);
            if (operator.nextProcessingTime() <= nowMillis) {
                operator.advanceProcessingTime(nowMillis);
            }
        }
    }

    /**
     * A checkpoint barrier, after the chain's operators were snapshotted: the task's side-output
     * sinks learn of it ({@code Sink.checkpoint}), after every side-output record before it,
     * then the chain's end forwards it (downstream channels, an inline stage, or the sink).
     *
     * @param checkpointId the checkpoint
     */
    public void barrier(final long checkpointId) {
        sideOutputs.checkpoint(checkpointId);
        end.barrier(checkpointId);
    }

    /**
     * End of input: processing time jumps to {@link Long#MAX_VALUE}, so every processing-time
     * timer fires, in chain order; then every operator sees end of input, in chain order; then
     * the task's side-output sinks finish; then the chain's end.
     */
    public void endInput() {
        processingTime.end();
        // an inline stage behind the end fires its own when its input ends, after what this chain emits at its end
        fireOperatorTimers(Long.MAX_VALUE);
        for (final OneInputOperator<Object, Object> operator : operators) {
            operator.endInput();
        }
        sideOutputs.finish();
        end.end();
    }

    /** Publishes what the chain's end holds back for a batch (see {@link ChainEnd#flush()}); the owning thread only. */
    public void flush() {
        end.flush();
    }

    /**
     * Moves what full downstream rings could not take on (see {@link ChainEnd#drain()}); the
     * owning thread only. One field test while nothing is held back.
     *
     * @return true when the output holds nothing back
     */
    public boolean drainOutput() {
        if (!end.backPressured()) {
            drained = 0;
            return true;
        }
        final long held = end.backlog();
        final boolean empty = end.drain();
        drained = (int) Math.min(Integer.MAX_VALUE, held - end.backlog());
        return empty;
    }

    /** @return the events the last {@link #drainOutput()} moved into the rings (a duty cycle's work); the owning thread only */
    public int drainedEvents() {
        return drained;
    }

    /** @return true while the output holds events back for full rings; cheap; the owning thread only */
    public boolean outputBackPressured() {
        return end.backPressured();
    }

    /** Closes every operator, then the chain's end (a sink learns that its instance is done), then the task's side-output sinks. */
    public void close() {
        for (final OneInputOperator<Object, Object> operator : operators) {
            operator.close();
        }
        try {
            end.close();
        } finally {
            sideOutputs.close();
        }
    }

    /** Copies every operator's statistics into its gauges for other threads, forward branches behind a fork included; the owning thread only. */
    public void publishMetrics() {
        for (final OperatorGauges operator : gauges) {
            operator.publish();
        }
        end.publishBranchMetrics();
    }

    /** @return records that entered the chain; any thread */
    public long recordsIn() {
        return links[0].records.get();
    }

    /** @return records that left the chain; any thread */
    public long recordsOut() {
        return links[links.length - 1].records.get();
    }

    /** @return the last watermark that entered the chain; any thread */
    public long inputWatermark() {
        return links[0].watermark.get();
    }

    /** @return the last watermark that left the chain; any thread */
    public long outputWatermark() {
        return links[links.length - 1].watermark.get();
    }

    /**
     * Reads the operators' metrics as last published; any thread.
     *
     * @param nowMillis processing time, for the watermark lag
     * @return one entry per operator, in chain order, then those of the forward branches behind
     *     a fork, in plan order
     */
    public List<OperatorMetrics> operatorMetrics(final long nowMillis) {
        final List<OperatorMetrics> metrics = new ArrayList<>(gauges.length);
        for (int i = 0; i < gauges.length; i++) {
            final long inputWatermark = links[i].watermark.get();
            metrics.add(new OperatorMetrics(names.get(i), links[i].records.get(), links[i + 1].records.get(), inputWatermark,
                    links[i + 1].watermark.get(), WatermarkLag.millis(nowMillis, inputWatermark), gauges[i].lateRecordsDropped.get(),
                    gauges[i].lateRecordsSideOutput.get(), gauges[i].pendingTimers.get(), gauges[i].stateEntries.get(),
                    gauges[i].stateOffHeapBytes.get()));
        }
        end.addBranchMetrics(nowMillis, metrics);
        return metrics;
    }

    /** @return the operators, in chain order, as an unmodifiable view, for the chain's checkpoints */
    List<OneInputOperator<Object, Object>> operators() {
        return operatorsView;
    }

    /** @return the chain's end */
    public ChainEnd<Object> end() {
        return end;
    }
}
