package dev.weir.metrics;

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
        List<OperatorMetrics> operators) {

    /** Copies the lists: a snapshot never changes. */
    public TaskMetrics {
        inputs = List.copyOf(inputs);
        operators = List.copyOf(operators);
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
