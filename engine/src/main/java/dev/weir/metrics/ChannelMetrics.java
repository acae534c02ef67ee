package dev.weir.metrics;

import dev.weir.event.WatermarkStatus;

/**
 * One input channel of a task at the moment of a snapshot: its ring buffer (back-pressure) and
 * its slot in the task's watermark valve (docs/semantics.md §2, §6). Immutable.
 *
 * @param index the channel's index in the task's valve (the upstream instance)
 * @param name the edge's name, {@code upstream[i]->downstream[j]}
 * @param capacity the ring's slots
 * @param occupancy events published and not yet consumed; near {@code capacity} the producer is back-pressured
 * @param producerWaits how many times a write of the producer found the ring full (back-pressure: the event went to the producer's overflow)
 * @param watermark the channel's last accepted watermark ({@code Long.MIN_VALUE} if none yet)
 * @param status ACTIVE or IDLE
 * @param aligned true if the channel takes part in the valve's minimum
 * @param holdsMinimum true if this channel's watermark is the valve's minimum: it holds the operator back
 * @param minimumSinceMillis processing time since which it holds the minimum, or {@code Long.MIN_VALUE} when it does not
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
        long minimumSinceMillis) {
}
