package dev.weir.metrics;

import dev.weir.event.WatermarkStatus;

/**
 * One input of a two-input task at the moment of a snapshot: the output of that input's valve
 * as the combination of both inputs sees it (docs/semantics.md §7). Immutable.
 *
 * @param input 1 or 2
 * @param watermark the input's watermark ({@code Long.MIN_VALUE} if none yet)
 * @param status ACTIVE, or IDLE when every channel of the input is idle
 * @param hasWatermark true once the input has sent a watermark
 * @param minimumChannel the channel of the input's valve (its index among the input's channels)
 *     that holds its minimum, or -1 when none does
 * @param holdsMinimum true if this input holds the combined watermark
 * @param recordsIn records the task took from this input's channels
 */
public record InputMetrics(int input, long watermark, WatermarkStatus status, boolean hasWatermark, int minimumChannel,
        boolean holdsMinimum, long recordsIn) {
}
