package dev.weir.valve;

import dev.weir.event.Watermarks;

/**
 * Explains the classic "windows never fire" case (docs/semantics.md §2): a channel that never
 * received a watermark holds the valve's output at MIN while other channels move on; and its
 * two-input form (§7): an input that never sent a watermark, such as a broadcast or
 * reference-data side, holds a two-input operator at MIN while the other input moves on.
 */
public final class ValveDiagnosis {
    private ValveDiagnosis() {
    }

    /**
     * @param valve a valve
     * @return a one-line explanation if an active channel at MIN holds back channels that
     *     advanced, or null when nothing is stalled that way
     */
    public static String stalledChannel(final WatermarkValve valve) {
        final long[] watermarks = new long[valve.channels()];
        for (int channel = 0; channel < watermarks.length; channel++) {
            watermarks[channel] = valve.channelWatermark(channel);
        }
        return stalledChannel(valve.minimumChannel(), watermarks);
    }

    /**
     * The same diagnosis from a valve's state as metrics report it (e.g. {@code TaskMetrics}).
     *
     * @param holder the aligned channel with the lowest watermark, or -1 when none is aligned
     * @param channelWatermarks each channel's watermark, in channel order
     * @return a one-line explanation, or null when nothing is stalled that way
     */
    public static String stalledChannel(final int holder, final long[] channelWatermarks) {
        if (holder < 0 || channelWatermarks[holder] != Long.MIN_VALUE) {
            return null;
        }
        long highest = Long.MIN_VALUE;
        for (final long watermark : channelWatermarks) {
            highest = Math.max(highest, watermark);
        }
        if (highest == Long.MIN_VALUE) {
            return null;
        }
        return "channel " + holder + " has never sent a watermark and holds the operator's watermark at MIN while other"
                + " channels reached " + highest + ": event-time windows cannot fire. Give the channel data, end it,"
                + " or enable idleness so that it is marked IDLE.";
    }

    /**
     * @param combined the combination of a two-input operator's inputs
     * @param valve1 input 1's valve
     * @param valve2 input 2's valve
     * @return a one-line explanation naming the input (and the channel of its valve that holds it)
     *     if an active input still at MIN holds back an input that advanced, or null when nothing is
     *     stalled that way
     */
    public static String stalledInput(final CombinedWatermark combined, final WatermarkValve valve1, final WatermarkValve valve2) {
        final int holder = combined.minimumInput();
        if (holder == 0) {
            return null;
        }
        final WatermarkValve valve = holder == 1 ? valve1 : valve2;
        return stalledInput(holder, combined.hasWatermark(holder), valve.minimumChannel(), combined.watermark(holder),
                combined.watermark(3 - holder));
    }

    /**
     * The same diagnosis from a two-input operator's state as metrics report it.
     *
     * @param holder the input holding the combined watermark (1 or 2), or 0 when both are IDLE
     * @param holderHasWatermark whether that input has ever sent a watermark
     * @param holderChannel the channel of that input's valve holding its minimum, or -1 when none
     * @param holderWatermark that input's watermark
     * @param otherWatermark the other input's watermark
     * @return a one-line explanation, or null when nothing is stalled that way
     */
    public static String stalledInput(final int holder, final boolean holderHasWatermark, final int holderChannel,
            final long holderWatermark, final long otherWatermark) {
        if (holder == 0 || holderWatermark != Long.MIN_VALUE || otherWatermark == Long.MIN_VALUE) {
            return null;
        }
        final String channel = holderChannel < 0 ? "" : " (its channel " + holderChannel + " is at MIN)";
        return "input " + holder + (holderHasWatermark ? " is still at MIN" : " has never sent a watermark") + channel
                + " and holds the two-input operator's watermark at MIN while input " + (3 - holder) + " reached " + Watermarks.format(otherWatermark)
                + ": event-time timers and windows cannot fire. Give input " + holder + " watermarks, end it (its end sends MAX),"
                + " or enable idleness on it so that it is marked IDLE.";
    }
}
