package dev.weir.valve;

/**
 * Explains the classic "windows never fire" case (docs/semantics.md §2): a channel that never
 * received a watermark holds the valve's output at MIN while other channels move on.
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
}
