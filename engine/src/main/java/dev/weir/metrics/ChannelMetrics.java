package dev.weir.metrics;

import dev.weir.event.WatermarkStatus;

/**
 * One input channel of a task at the moment of a snapshot: its ring buffer (back-pressure) and
 * its slot in the task's watermark valve (docs/semantics.md §2, §6). Immutable.
 *
 * @param index the channel's index in its valve: the task's one valve, or its input's valve in a two-input task
 * @param name the edge's name, {@code upstream[i]->downstream[j]}
 * @param capacity the ring's slots
 * @param occupancy events published and not yet consumed; near {@code capacity} the producer is back-pressured
 * @param producerWaits how many times a write of the producer found the ring full (back-pressure: the event went to the producer's overflow)
 * @param watermark the channel's last accepted watermark ({@code Long.MIN_VALUE} if none yet)
 * @param status ACTIVE or IDLE
 * @param aligned true if the channel takes part in the valve's minimum
 * @param holdsMinimum true if this channel's watermark is the valve's minimum: it holds the operator back
 * @param minimumSinceMillis processing time since which it holds the minimum, or {@code Long.MIN_VALUE} when it does not
 * @param input the input of a two-input task the channel belongs to (1 or 2), 0 in a one-input task
 */
public record ChannelMetrics(
        int index,
        String name,
        int capacity,
        long occupancy,
        long producerWaits,
        long watermark,
        WatermarkStatus status,
        boolean aligned,
        boolean holdsMinimum,
        long minimumSinceMillis,
        int input) {
    /** A channel of a one-input task (input 0); the other fields as above. */
    public ChannelMetrics(final int index, final String name, final int capacity, final long occupancy, final long producerWaits,
            final long watermark, final WatermarkStatus status, final boolean aligned, final boolean holdsMinimum,
            final long minimumSinceMillis) {
        this(index, name, capacity, occupancy, producerWaits, watermark, status, aligned, holdsMinimum, minimumSinceMillis, 0);
    }
}
