package dev.weir.metrics;

import dev.weir.valve.ValveDiagnosis;
import java.util.List;

/**
 * One task (one instance of a pipeline stage: a fused chain of operators) at the moment of a
 * snapshot. A source instance fed by an application's {@code Publisher} runs on the
 * application's thread: it has no thread, idle strategy or input channels. Immutable.
 *
 * @param name the task's name, {@code pipeline-stage-instance}; the {@code task} key of its MBean
 * @param stage the stage's name
 * @param instance the instance index within the stage
 * @param thread the task thread's name, or null for a publisher-fed source instance
 * @param running true while the task's thread is alive
 * @param idleStrategy the idle strategy the thread runs with (after the busy-spin limit), or null
 * @param cpu the CPU the thread is pinned to, or -1 when it is not pinned
 * @param dutyCycles how many times the task polled its inputs ({@code doWork} calls)
 * @param recordsIn records that entered the chain
 * @param recordsOut records that left the chain (to channels or the sink)
 * @param inputWatermark the watermark that entered the chain (the valve's output)
 * @param outputWatermark the watermark that left the chain
 * @param watermarkLagMillis processing time minus the input watermark, see {@link WatermarkLag}
 * @param inputs the input channels, in valve order
 * @param operators the chain's operators, in chain order
 * @param twoInputs the two inputs of a two-input task (input 1, then input 2), empty for a one-input task
 */
public record TaskMetrics(
        String name,
        String stage,
        int instance,
        String thread,
        boolean running,
        String idleStrategy,
        int cpu,
        long dutyCycles,
        long recordsIn,
        long recordsOut,
        long inputWatermark,
        long outputWatermark,
        long watermarkLagMillis,
        List<ChannelMetrics> inputs,
        List<OperatorMetrics> operators,
        List<InputMetrics> twoInputs) {

    /** Copies the lists: a snapshot never changes. */
    public TaskMetrics {
        inputs = List.copyOf(inputs);
        operators = List.copyOf(operators);
        twoInputs = List.copyOf(twoInputs);
    }

    /** A one-input task (no {@link #twoInputs()}); the other fields as above. */
    public TaskMetrics(final String name, final String stage, final int instance, final String thread, final boolean running,
            final String idleStrategy, final int cpu, final long dutyCycles, final long recordsIn, final long recordsOut,
            final long inputWatermark, final long outputWatermark, final long watermarkLagMillis, final List<ChannelMetrics> inputs,
            final List<OperatorMetrics> operators) {
        this(name, stage, instance, thread, running, idleStrategy, cpu, dutyCycles, recordsIn, recordsOut, inputWatermark, outputWatermark,
                watermarkLagMillis, inputs, operators, List.of());
    }

    /**
     * Explains why the task's watermark is stuck at MIN, if it is the classic case: in a one-input
     * task, a channel that never sent a watermark while others moved on; in a two-input task, an
     * input still at MIN (e.g. a broadcast or reference-data side) while the other moved on,
     * naming the input and its channel.
     *
     * @return a one-line note, or null when nothing is stalled that way
     */
    public String stalledNote() {
        if (twoInputs.isEmpty()) {
            final long[] watermarks = new long[inputs.size()];
            int holder = -1;
            for (final ChannelMetrics channel : inputs) {
                watermarks[channel.index()] = channel.watermark();
                holder = channel.holdsMinimum() ? channel.index() : holder;
            }
            return ValveDiagnosis.stalledChannel(holder, watermarks);
        }
        for (final InputMetrics input : twoInputs) {
            if (input.holdsMinimum()) {
                final InputMetrics other = twoInputs.get(2 - input.input());
                return ValveDiagnosis.stalledInput(input.input(), input.hasWatermark(), input.minimumChannel(),
                        input.watermark(), other.watermark());
            }
        }
        return null;
    }

    /**
     * @param operatorName an operator's name
     * @return the first operator of that name in the chain
     * @throws IllegalArgumentException if the chain has none
     */
    public OperatorMetrics operator(final String operatorName) {
        for (final OperatorMetrics operator : operators) {
            if (operator.name().equals(operatorName)) {
                return operator;
            }
        }
        throw new IllegalArgumentException("task " + name + " has no operator '" + operatorName + "'; it has " + operators);
    }

    /** @return the input channel that holds the valve's minimum, or null when none does */
    public ChannelMetrics minimumChannel() {
        for (final ChannelMetrics channel : inputs) {
            if (channel.holdsMinimum()) {
                return channel;
            }
        }
        return null;
    }
}
