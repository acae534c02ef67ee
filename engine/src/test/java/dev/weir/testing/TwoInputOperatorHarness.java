package dev.weir.testing;

import dev.weir.checkpoint.CheckpointFile;
import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.TwoInputOperator;
import dev.weir.runtime.chain.ChainCheckpointer;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.state.StateBackend;
import java.nio.file.Path;
import java.util.List;

/**
 * Drives one two-input operator instance by hand, as {@link OperatorHarness} does a one-input
 * operator: records go straight to the operator; watermarks and status go per input and channel
 * through the runtime's own {@link TwoInputOperatorInput} (one valve per input, then their
 * combination, docs/semantics.md §7). Output events are recorded as {@link OperatorHarness}
 * records them: {@code value@timestamp}, {@code WM n}, {@code STATUS IDLE|ACTIVE} and
 * {@code SIDE tag value@timestamp}. An instance may be one of several ({@link #TwoInputOperatorHarness(TwoInputOperator, int, int, int)}),
 * and a checkpointed operator is snapshotted to and restored from real state files through the
 * runtime's own {@link ChainCheckpointer#writeState} and {@link ChainCheckpointer#restoreState}.
 * No threads, no sleeps.
 *
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
public final class TwoInputOperatorHarness<IN1, IN2, OUT> {
    private final VirtualClock clock = new VirtualClock(0);
    private final TwoInputOperator<IN1, IN2, OUT> operator;
    private final TwoInputOperatorInput<IN1, IN2> input;
    private final RecordedOutput<OUT> output = new RecordedOutput<>();
    private final OperatorContext context;

    /**
     * @param operator an unopened operator; the harness opens it on the heap backend
     * @param channels1 channels of the first input
     * @param channels2 channels of the second input
     */
    public TwoInputOperatorHarness(final TwoInputOperator<IN1, IN2, OUT> operator, final int channels1, final int channels2) {
        this(operator, channels1, channels2, HeapStateBackend.INSTANCE);
    }

    /** @param operator an unopened operator; one channel per input, the heap backend */
    public TwoInputOperatorHarness(final TwoInputOperator<IN1, IN2, OUT> operator) {
        this(operator, 1, 1);
    }

    /**
     * @param operator an unopened operator
     * @param channels1 channels of the first input
     * @param channels2 channels of the second input
     * @param stateBackend where its keyed state lives
     */
    public TwoInputOperatorHarness(final TwoInputOperator<IN1, IN2, OUT> operator, final int channels1, final int channels2,
            final StateBackend stateBackend) {
        this(operator, channels1, channels2, stateBackend, 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM);
    }

    /**
     * @param operator an unopened operator; one channel per input, the heap backend
     * @param instance its index among the instances
     * @param parallelism the number of instances
     * @param maxParallelism the number of key groups
     */
    public TwoInputOperatorHarness(final TwoInputOperator<IN1, IN2, OUT> operator, final int instance, final int parallelism,
            final int maxParallelism) {
        this(operator, 1, 1, HeapStateBackend.INSTANCE, instance, parallelism, maxParallelism);
    }

    private TwoInputOperatorHarness(final TwoInputOperator<IN1, IN2, OUT> operator, final int channels1, final int channels2,
            final StateBackend stateBackend, final int instance, final int parallelism, final int maxParallelism) {
        this.operator = operator;
        this.context = new OperatorContext("test", clock, instance, parallelism, maxParallelism, stateBackend);
        operator.open(context, output);
        this.input = new TwoInputOperatorInput<>(operator, channels1, channels2);
    }

    /**
     * @param value a record of the first input
     * @param timestamp its event time
     */
    public void processElement1(final IN1 value, final long timestamp) {
        input.record1(value, timestamp);
    }

    /**
     * @param value a record of the second input
     * @param timestamp its event time
     */
    public void processElement2(final IN2 value, final long timestamp) {
        input.record2(value, timestamp);
    }

    /**
     * A record of the first input as a keyed edge delivers it, with its key and key group.
     *
     * @param value the record
     * @param timestamp its event time
     * @param key its key
     * @param keyGroup its key group, or -1
     */
    public void processKeyedElement1(final IN1 value, final long timestamp, final Object key, final int keyGroup) {
        operator.processKeyedRecord1(value, timestamp, key, keyGroup);
    }

    /**
     * A record of the second input as a keyed edge delivers it, with its key and key group.
     *
     * @param value the record
     * @param timestamp its event time
     * @param key its key
     * @param keyGroup its key group, or -1
     */
    public void processKeyedElement2(final IN2 value, final long timestamp, final Object key, final int keyGroup) {
        operator.processKeyedRecord2(value, timestamp, key, keyGroup);
    }

    /** @param watermark a watermark on channel 0 of the first input */
    public void processWatermark1(final long watermark) {
        input.watermark(1, 0, watermark);
    }

    /** @param watermark a watermark on channel 0 of the second input */
    public void processWatermark2(final long watermark) {
        input.watermark(2, 0, watermark);
    }

    /**
     * @param inputIndex 1 or 2
     * @param channel a channel of that input
     * @param watermark a watermark on it
     */
    public void processWatermark(final int inputIndex, final int channel, final long watermark) {
        input.watermark(inputIndex, channel, watermark);
    }

    /**
     * @param inputIndex 1 or 2
     * @param channel a channel of that input
     * @param status its new status
     */
    public void processStatus(final int inputIndex, final int channel, final WatermarkStatus status) {
        input.status(inputIndex, channel, status);
    }

    /**
     * Moves processing time and fires the timers due.
     *
     * @param millis the new processing time
     */
    public void setProcessingTime(final long millis) {
        clock.advanceTo(millis);
        operator.advanceProcessingTime(millis);
    }

    /**
     * Writes the operator's state file for a checkpoint, as the runtime does: keyed state and
     * timers, and broadcast state from instance 0 only.
     *
     * @param file the file to write
     * @param checkpointId the checkpoint
     * @return the file's description, as the manifest records it
     */
    public CheckpointFile snapshot(final Path file, final long checkpointId) {
        return ChainCheckpointer.writeState(file, checkpointId, "test", context.instance(), context.parallelism(),
                context.maxParallelism(), checkpointed());
    }

    /**
     * Restores state files of the operator written by every instance of a checkpoint, at any
     * parallelism, as the runtime does: the keyed entries and timers of this instance's key groups,
     * and every broadcast entry. Before the first record.
     *
     * @param files the state files
     */
    public void restore(final List<Path> files) {
        for (final Path file : files) {
            ChainCheckpointer.restoreState(file, checkpointed(), context.keyGroupRange());
        }
    }

    private CheckpointedOperator checkpointed() {
        if (!(operator instanceof CheckpointedOperator)) {
            throw new IllegalStateException(operator.getClass().getName() + " is not a CheckpointedOperator: it has no state to snapshot");
        }
        return (CheckpointedOperator) operator;
    }

    /** @return every output event so far, in order */
    public List<String> events() {
        return output.events();
    }

    /** @return the main output's records so far */
    public List<OUT> records() {
        return output.records();
    }

    /** @return every side-output record so far */
    public List<Object> sideRecords() {
        return output.sideRecords();
    }

    /** Forgets the output so far. */
    public void clearOutput() {
        output.clear();
    }

    /** @return the operator under test */
    public TwoInputOperator<IN1, IN2, OUT> operator() {
        return operator;
    }

    /** @return the runtime's input side the harness drives: valves and their combination */
    public TwoInputOperatorInput<IN1, IN2> input() {
        return input;
    }
}
